import type { AuditEntry } from "../../../common/admin/audit-entry.js";
import type { ActivityTexts } from "./activity-texts.js";
import type { EntryRecord } from "./entry-record.js";

/** An event's detail, as its entry's changes carry it (`field: [null, value]`). */
const detail = (entry: AuditEntry, field: string): string | undefined => {
  const pair = entry.changes?.[field];
  const value = Array.isArray(pair) ? (pair[1] ?? pair[0]) : undefined;
  return value === undefined || value === null ? undefined : String(value);
};

/** Who made the change: their email, else what signed the request (the secret key, the system, a visitor). */
export function actorOf(entry: AuditEntry, t: ActivityTexts): string {
  return entry.who ?? t.actors[entry.via] ?? entry.via;
}

/** How the request was signed in and from where: "Signed-in session from 203.0.113.7". */
export function viaText(entry: AuditEntry, t: ActivityTexts): string {
  const how = t.via[entry.via] ?? entry.via;
  return entry.address ? t.whereFrom(how, entry.address) : how;
}

const methodOf = (entry: AuditEntry, t: ActivityTexts) => {
  const method = detail(entry, "method") ?? "";
  return t.methods[method] ?? method;
};

/** The server's refusal without its error class ("Authentication error: wrong login or password"), in words where known. */
const reasonOf = (entry: AuditEntry, t: ActivityTexts) => {
  const reason = (detail(entry, "reason") ?? "").replace(/^[A-Z][a-z]+ error: /, "");
  return t.reasons[reason] ?? reason;
};

/**
 * One entry as a sentence: `anna@example.com updated Article "Summer sale"`; a sign-in, a failed
 * one, a restored version in words of their own. `record` names the entry's record.
 */
export function entrySentence(entry: AuditEntry, t: ActivityTexts, record: EntryRecord | undefined): string {
  const who = actorOf(entry, t);
  const kind = record?.kind ?? "";
  const label = record?.label ?? "";
  switch (entry.action) {
    case "sign-in":
      return t.signedIn(who, methodOf(entry, t));
    case "sign-in-failed":
      return t.signInFailed(detail(entry, "login"), methodOf(entry, t), reasonOf(entry, t));
    case "first-admin-setup":
      return t.firstAdmin(detail(entry, "login") ?? who);
    case "restore":
      return t.restored(who, detail(entry, "version") ?? "?", kind, label);
  }
  const verb = t.verbs[entry.action];
  return verb ? t.record(who, verb, kind, label) : t.other(who, t.actions[entry.action] ?? entry.action, kind, label);
}

/** A record's History line: "Changed by anna@example.com". */
export function historyLine(entry: AuditEntry, t: ActivityTexts): string {
  return t.by(t.actions[entry.action] ?? entry.action, actorOf(entry, t));
}

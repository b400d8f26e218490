import { api } from "../../api/client.js";
import { containsPattern, queryOf } from "../data/list-query.js";

/** A person the log may be filtered by: their account (the log's `who`) and the email they sign in with. */
export interface Person {
  subjectId: string;
  email: string;
}

const SHOWN = 10;

/**
 * The people whose sign-in email contains `text`: the emails are the identities' (a person signs
 * in with one), the accounts their links' — two list requests, so the picker offers emails and
 * filters by the account behind each.
 */
export async function searchPeople(text: string, signal?: AbortSignal): Promise<Person[]> {
  const identities = await api<{ id: string; email: string | null }[]>("/api/rbac/identities", {
    query: { ...queryOf([{ column: "email", method: "ilike", value: containsPattern(text.trim()) }]), limit: SHOWN },
    signal,
  });
  const emails = new Map(identities.flatMap((i) => (i.email ? [[i.id, i.email] as const] : [])));
  if (emails.size === 0) return [];
  const links = await api<{ subjectId: string; identityId: string }[]>("/api/rbac/subjects-to-identities", {
    query: { ...queryOf([{ column: "identityId", method: "inArray", value: [...emails.keys()] }]), limit: SHOWN },
    signal,
  });
  const people = new Map<string, Person>();
  for (const link of links) {
    const email = emails.get(link.identityId);
    if (email && !people.has(link.subjectId)) people.set(link.subjectId, { subjectId: link.subjectId, email });
  }
  return [...people.values()].sort((a, b) => a.email.localeCompare(b.email));
}

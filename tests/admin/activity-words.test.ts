import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AuditEntry } from "../../common/admin/audit-entry.js";
import { activityTexts } from "../../web/admin/activity/activity-texts.js";
import { changeRows } from "../../web/admin/activity/change-rows.js";
import { auditFiltersOf } from "../../web/admin/activity/chosen-filters.js";
import { entryRecord, recordKey } from "../../web/admin/activity/entry-record.js";
import { entrySentence, historyLine, viaText } from "../../web/admin/activity/entry-words.js";
import { relativeTime } from "../../web/admin/time/relative-time.js";
import { momentText } from "../../web/admin/time/time-text.js";

// The audit log in the admin's words (web/admin/activity/): each entry as the sentence the
// Activity screen shows, in English and Russian, its record named by the server's label or, once
// deleted, from the entry's own changes; how and from where; a record's History line; the changed
// fields before → after; and "3 minutes ago".
const RECORD = "1a2b3c4d-0000-4000-8000-000000000001";
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: "e",
  createdAt: "2030-01-31T09:00:00.000Z",
  subjectId: "s",
  who: "anna@example.com",
  via: "session",
  apiKeyId: null,
  address: "203.0.113.7",
  userAgent: "Mozilla/5.0",
  model: "blog/articles",
  modelTitle: "Article",
  recordId: RECORD,
  action: "update",
  changes: { title: [{ en: "Old" }, { en: "Summer sale" }] },
  ...over,
});
const labelled = new Map([[recordKey("blog/articles", RECORD), "Summer sale"]]);
const none = new Map<string, string>();
const failedSignIn = {
  who: null,
  subjectId: null,
  via: "anonymous",
  model: "rbac/subjects",
  modelTitle: "Subject",
  recordId: null,
  action: "sign-in-failed",
  changes: {
    method: [null, "password"],
    reason: [null, "Authentication error: wrong login or password"],
    login: [null, "anna@example.com"],
  },
};

const sentences: { name: string; entry: AuditEntry; labels: Map<string, string>; en: string; ru: string }[] = [
  {
    name: "an update, the record by its label",
    entry: entry({}),
    labels: labelled,
    en: 'anna@example.com updated Article "Summer sale"',
    ru: "anna@example.com: изменение — Статья «Summer sale»",
  },
  {
    name: "a delete, the record named from the values it had",
    entry: entry({
      action: "delete",
      changes: { title: [{ en: "Winter", ru: "Зима" }, null], slug: ["winter", null] },
    }),
    labels: none,
    en: 'anna@example.com deleted Article "Winter"',
    ru: "anna@example.com: удаление — Статья «Зима»",
  },
  {
    name: "a create with the secret key",
    entry: entry({
      who: null,
      subjectId: null,
      via: "secret-key",
      model: "billing/currencies",
      modelTitle: "Currency",
      action: "create",
      changes: { adminTitle: [null, "Euro"], slug: [null, "eur"] },
    }),
    labels: none,
    en: 'The secret key created Currency "Euro"',
    ru: "Секретный ключ: создание — Валюта «Euro»",
  },
  {
    name: "a failed sign-in",
    entry: entry(failedSignIn),
    labels: none,
    en: "Failed sign-in as anna@example.com (password): wrong login or password",
    ru: "Неудачный вход как anna@example.com (пароль): неверный логин или пароль",
  },
  {
    name: "a failed second step",
    entry: entry({
      ...failedSignIn,
      changes: {
        method: [null, "two-factor"],
        reason: [null, "Authentication error: the code is wrong, used already or expired"],
      },
    }),
    labels: none,
    en: "Failed sign-in (two-factor code): the code is wrong, used already or expired",
    ru: "Неудачный вход (код двухфакторной проверки): код неверный, уже использован или истёк",
  },
  {
    name: "a sign-in",
    entry: entry({ model: "rbac/subjects", action: "sign-in", changes: { method: [null, "passkey"] } }),
    labels: none,
    en: "anna@example.com signed in (passkey)",
    ru: "anna@example.com: вход (ключ доступа)",
  },
  {
    name: "a publish",
    entry: entry({ action: "publish", changes: { published: [null, { "blog/articles": 1, "host/widgets": 3 }] } }),
    labels: labelled,
    en: 'anna@example.com published Article "Summer sale"',
    ru: "anna@example.com: публикация — Статья «Summer sale»",
  },
  {
    name: "a restored version",
    entry: entry({ action: "restore", changes: { version: [null, 3] } }),
    labels: labelled,
    en: 'anna@example.com restored version 3 of Article "Summer sale"',
    ru: "anna@example.com: восстановление версии 3 — Статья «Summer sale»",
  },
  {
    name: "the first administrator",
    entry: entry({
      who: null,
      subjectId: null,
      via: "anonymous",
      model: "rbac/subjects",
      action: "first-admin-setup",
      changes: { login: [null, "boss@example.com"] },
    }),
    labels: none,
    en: "First administrator boss@example.com set up",
    ru: "Создан первый администратор boss@example.com",
  },
  {
    name: "an action with no words of its own, by the system",
    entry: entry({ who: null, subjectId: null, via: "system", action: "archive" }),
    labels: labelled,
    en: 'The system: archive Article "Summer sale"',
    ru: "Система: archive — Статья «Summer sale»",
  },
];

describe("an entry as a sentence", () => {
  it.each(sentences)("$name", ({ entry: e, labels, en, ru }) => {
    for (const [language, expected] of [
      ["en", en],
      ["ru-RU", ru],
    ] as const) {
      const t = activityTexts(language);
      expect(entrySentence(e, t, entryRecord(e, labels, t.language))).toBe(expected);
    }
  });

  it("never names a record by a bare id: the kind and the id's start when nothing else names it", () => {
    const e = entry({ model: "shop/things", modelTitle: "Thing", changes: { count: [1, 2] } });
    expect(entryRecord(e, none, "en")).toEqual({ kind: "Thing", label: "Thing 1a2b3c4d" });
  });

  it("names a model it has no words for by the admin's model title (its language's), not the entry's English one", () => {
    const e = entry({ model: "notification/topics", modelTitle: "Topic", changes: { count: [1, 2] } });
    const model = { title: "Тема уведомлений", labelField: "adminTitle" };
    expect(entryRecord(e, none, "ru", model)?.kind).toBe("Тема уведомлений");
  });
});

describe("how, from where, and a record's History line", () => {
  it.each([
    {
      via: "session",
      address: "203.0.113.7",
      en: "Signed-in session from 203.0.113.7",
      ru: "Сеанс входа, адрес 203.0.113.7",
    },
    { via: "api-key", address: null, en: "API key", ru: "API-ключ" },
    { via: "secret-key", address: "127.0.0.1", en: "Secret key from 127.0.0.1", ru: "Секретный ключ, адрес 127.0.0.1" },
    { via: "system", address: null, en: "System", ru: "Система" },
  ])("$via", ({ via, address, en, ru }) => {
    expect(viaText(entry({ via, address }), activityTexts("en"))).toBe(en);
    expect(viaText(entry({ via, address }), activityTexts("ru"))).toBe(ru);
  });

  it.each([
    { over: {}, en: "Changed by anna@example.com", ru: "Изменено: anna@example.com" },
    { over: { action: "create" }, en: "Created by anna@example.com", ru: "Создано: anna@example.com" },
    {
      over: { action: "publish", who: null, via: "system" },
      en: "Published by the system",
      ru: "Опубликовано: Система",
    },
    {
      over: { action: "delete", who: null, via: "secret-key" },
      en: "Deleted by the secret key",
      ru: "Удалено: Секретный ключ",
    },
  ])("$en", ({ over, en, ru }) => {
    expect(historyLine(entry(over), activityTexts("en"))).toBe(en);
    expect(historyLine(entry(over), activityTexts("ru"))).toBe(ru);
  });
});

const titles: Record<string, string> = { title: "Title", slug: "Slug", featured: "Featured", interval: "Interval" };
/** An enum field's values by their names, as GET /api/admin/models answers them in each language. */
const choicesIn: Record<"en" | "ru", Record<string, Record<string, string>>> = {
  en: { interval: { one_off: "One-off", month: "Month" } },
  ru: { interval: { one_off: "Разовый", month: "Месяц" } },
};
const DOC = JSON.stringify({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: "Hello" }] }],
});

describe("the changed fields, before → after", () => {
  it.each([
    {
      name: "a language map by the field's title",
      e: entry({ changes: { title: [{ en: "Old" }, { en: "Summer sale" }] } }),
      en: [["Title", "Old", "Summer sale"]],
      ru: [["Title", "Old", "Summer sale"]],
    },
    {
      name: "a choice by its value's name in the admin's language",
      e: entry({ changes: { interval: ["one_off", "month"] } }),
      en: [["Interval", "One-off", "Month"]],
      ru: [["Interval", "Разовый", "Месяц"]],
    },
    {
      name: "two languages, a created flag, rich text",
      e: entry({
        action: "create",
        changes: { title: [null, { en: "Sale", ru: "Скидки" }], featured: [null, true], body: [null, DOC] },
      }),
      en: [
        ["Title", "—", "en: Sale · ru: Скидки"],
        ["Featured", "—", "yes"],
        ["body", "—", "Hello"],
      ],
      ru: [
        ["Title", "—", "en: Sale · ru: Скидки"],
        ["Featured", "—", "да"],
        ["body", "—", "Hello"],
      ],
    },
    {
      name: "a hidden field",
      e: entry({ model: "rbac/identities", changes: { password: ["[hidden]", "[hidden]"] } }),
      en: [["password", "hidden", "hidden"]],
      ru: [["password", "скрыто", "скрыто"]],
    },
    {
      name: "a publish's counts, an event's details by their names",
      e: entry({ action: "publish", changes: { published: [null, { "blog/articles": 1, "host/widgets": 3 }] } }),
      en: [["Published", "—", "Article: 1, Block: 3"]],
      ru: [["Опубликовано", "—", "Статья: 1, Блок: 3"]],
    },
    {
      name: "a failed sign-in's details",
      e: entry(failedSignIn),
      en: [
        ["Method", "—", "password"],
        ["Reason", "—", "Authentication error: wrong login or password"],
        ["Login", "—", "anna@example.com"],
      ],
      ru: [
        ["Способ", "—", "пароль"],
        ["Причина", "—", "Authentication error: wrong login or password"],
        ["Логин", "—", "anna@example.com"],
      ],
    },
  ])("$name", ({ e, en, ru }) => {
    for (const [language, expected] of [
      ["en", en],
      ["ru", ru],
    ] as const) {
      const rows = changeRows(e, activityTexts(language), (field) =>
        titles[field] ? { label: titles[field], choices: choicesIn[language][field] } : undefined,
      );
      expect(rows.map((r) => [r.label, r.before, r.after])).toEqual(expected);
    }
  });

  it("marks a hidden field's row", () => {
    const [row] = changeRows(
      entry({ changes: { password: [null, "[hidden]"] } }),
      activityTexts("en"),
      () => undefined,
    );
    expect(row).toMatchObject({ hidden: true, after: "hidden" });
  });
});

describe("when, relative", () => {
  const now = Date.parse("2030-01-31T09:00:00Z");
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  it.each([
    { seconds: 5, en: "now", ru: "сейчас" },
    { seconds: -30, en: "now", ru: "сейчас" },
    { seconds: 45, en: "45 seconds ago", ru: "45 секунд назад" },
    { seconds: 3 * 60 + 20, en: "3 minutes ago", ru: "3 минуты назад" },
    { seconds: 2 * 3600, en: "2 hours ago", ru: "2 часа назад" },
    { seconds: 26 * 3600, en: "yesterday", ru: "вчера" },
    { seconds: 3 * 86400, en: "3 days ago", ru: "3 дня назад" },
  ])("$en", ({ seconds, en, ru }) => {
    expect(relativeTime(ago(seconds), "en", now)).toBe(en);
    expect(relativeTime(ago(seconds), "ru", now)).toBe(ru);
  });

  it("a week or more ago, or ahead, is the admin's date", () => {
    for (const iso of [ago(8 * 86400), ago(-3600)]) expect(relativeTime(iso, "en", now)).toBe(momentText(iso, "en"));
  });
});

describe("the screen's filters for the route", () => {
  it("a day runs from its first moment to its last, in the browser's time zone", () => {
    const filters = auditFiltersOf({
      person: { subjectId: "s", email: "anna@example.com" },
      model: "blog/articles",
      action: "update",
      fromDay: "2030-01-01",
      toDay: "2030-01-31",
    });
    expect(filters).toEqual({
      who: "s",
      model: "blog/articles",
      action: "update",
      from: new Date(2030, 0, 1, 0, 0, 0, 0).toISOString(),
      to: new Date(2030, 0, 31, 23, 59, 59, 999).toISOString(),
    });
    expect(auditFiltersOf({})).toEqual({});
  });
});

describe("the reasons of failed sign-ins in Russian", () => {
  // Each is the exact text a sign-in check of server/modules/rbac refuses with: a reason worded
  // differently there would show in English again, so a changed text must change here too.
  const rbac = join(import.meta.dirname, "../../server/modules/rbac");
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? sources(join(dir, e.name))
        : e.name.endsWith(".ts")
          ? [readFileSync(join(dir, e.name), "utf8")]
          : [],
    );
  const code = sources(rbac).join("\n");
  it.each(Object.keys(activityTexts("ru").reasons))("%s is a reason the server gives", (reason) => {
    expect(code).toContain(JSON.stringify(reason));
  });
});

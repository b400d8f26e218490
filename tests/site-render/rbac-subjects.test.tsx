import { describe, expect, test } from "vitest";
import type { Language } from "../../common/site/page-data.js";
import { rbacStrings } from "../../web/site/modules/rbac/strings.js";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

const LANGUAGES: Language[] = ["en", "ru"];

/** Two subjects, Ann with two profiles (second first by orderIndex) and Bob with one. */
function people(language: Language, path: string) {
  const page = new PageBuilder({ language, path });
  const ann = page.add("rbac/subjects", { slug: "ann" });
  const bob = page.add("rbac/subjects", { slug: "bob" });
  const annWork = page.add("social/profiles", {
    slug: "ann-work",
    title: en("Ann at work", "Анна на работе"),
    description: en("Designer", "Дизайнер"),
  });
  const annHome = page.add("social/profiles", { slug: "ann-home", title: en("Ann at home", "Анна дома") });
  const bobMain = page.add("social/profiles", { slug: "bob-main", title: en("Bob", "Боб") });
  page.link("rbac/subjects-to-social-module-profiles", ann, annWork, { orderIndex: 1 });
  page.link("rbac/subjects-to-social-module-profiles", ann, annHome, { orderIndex: 0 });
  page.link("rbac/subjects-to-social-module-profiles", bob, bobMain);
  return { page, ann, bob, profiles: [annWork, annHome, bobMain] };
}

describe("subject-overview-default", () => {
  test.each(LANGUAGES)("(%s) the subject the URL names, with its own profiles in order", (language) => {
    const { page, ann } = people(language, "/rbac/subjects/ann");
    page.segment("rbac.subjects.slug", "ann").widget("rbac", { variant: "subject-overview-default" });
    const html = renderApp(page.data);
    const text = textOf(html);
    const t = rbacStrings[language]!;
    expect(html).toContain(`data-subject="${ann.id}"`);
    expect(text).toContain(`${t.subject} ann ${t.profiles}`);
    expect(text).toMatch(
      language === "ru" ? /Анна дома.*Анна на работе Дизайнер/ : /Ann at home.*Ann at work Designer/,
    );
    expect(text).not.toContain(language === "ru" ? "Боб" : "Bob");
  });

  test.each(LANGUAGES)("(%s) an unknown slug says the subject was not found; no profiles: says so", (language) => {
    const t = rbacStrings[language]!;
    const missing = people(language, "/rbac/subjects/zoe").page;
    missing.segment("rbac.subjects.slug", "zoe").widget("rbac", { variant: "subject-overview-default" });
    expect(textOf(renderApp(missing.data))).toContain(t.subjectNotFound);

    const lonely = new PageBuilder({ language });
    const solo = lonely.add("rbac/subjects", { slug: "solo" });
    // The relation was loaded (its keys are on the page) but holds no row for this subject.
    lonely.link(
      "rbac/subjects-to-social-module-profiles",
      solo,
      lonely.add("social/profiles", { slug: "someone-else" }),
    );
    lonely.data.records["rbac/subjects-to-social-module-profiles"] = {};
    lonely.segment("rbac.subjects.slug", "solo").widget("rbac", { variant: "subject-overview-default" });
    expect(textOf(renderApp(lonely.data))).toContain(t.noProfiles);
  });

  test("profiles the page could not load are left out, not called none", () => {
    const page = new PageBuilder();
    page.add("rbac/subjects", { slug: "ann" });
    page.segment("rbac.subjects.slug", "ann").widget("rbac", { variant: "subject-overview-default" });
    const text = textOf(renderApp(page.data));
    expect(text).toContain("ann");
    expect(text).not.toContain(rbacStrings.en.profiles);
    expect(text).not.toContain(rbacStrings.en.noProfiles);
  });
});

describe("subject-list-default", () => {
  test.each(LANGUAGES)(
    "(%s) the listed profiles, each linking to its subject's page in the page's language",
    (language) => {
      const { page, profiles } = people(language, "/rbac/subjects");
      page
        .list("social/profiles", [profiles[2]!, profiles[0]!])
        .widget("rbac", { variant: "subject-list-default", title: en("People", "Люди") });
      const html = renderApp(page.data);
      const text = textOf(html);
      const prefix = language === "ru" ? "/ru" : "";
      expect(text).toMatch(language === "ru" ? /Люди Боб Анна на работе/ : /People Bob Ann at work/);
      expect(text).not.toContain(language === "ru" ? "Анна дома" : "Ann at home");
      expect(html).toContain(`href="${prefix}/rbac/subjects/bob"`);
      expect(html).toContain(`href="${prefix}/rbac/subjects/ann"`);
    },
  );

  test("no profiles: says so", () => {
    const page = new PageBuilder({ language: "ru" });
    page.widget("rbac", { variant: "subject-list-default" });
    expect(textOf(renderApp(page.data))).toContain(`${rbacStrings.ru.subjects} ${rbacStrings.ru.noSubjects}`);
  });
});

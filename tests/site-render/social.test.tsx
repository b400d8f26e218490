import { describe, expect, test } from "vitest";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

function community(language: "en" | "ru" = "en") {
  const page = new PageBuilder({ language, path: "/rbac/subjects/ann/social/profile" });
  const ann = page.add("rbac/subjects", { slug: "ann" });
  const bob = page.add("rbac/subjects", { slug: "bob" });
  const annProfile = page.add("social/profiles", {
    slug: "ann-p",
    title: en("Ann Lee", "Анна Ли"),
    subtitle: en("Designer", "Дизайнер"),
    description: en("I draw"),
  });
  const bobProfile = page.add("social/profiles", { slug: "bob-p", title: en("Bob") });
  page.link("rbac/subjects-to-social-module-profiles", ann, annProfile);
  page.link("rbac/subjects-to-social-module-profiles", bob, bobProfile);
  const about = page.add("website-builder/widgets", { variant: "content-default", title: en("My portfolio") });
  page.link("social/profiles-to-website-builder-module-widgets", annProfile, about);
  return { page, annProfile, bobProfile };
}

describe("social widgets", () => {
  test("profile-overview-default: the profile of the subject the URL names, with its widgets", () => {
    const { page } = community("ru");
    page.segment("rbac.subjects.slug", "ann");
    page.widget("social", { variant: "profile-overview-default", className: "profile-page" });
    const html = renderApp(page.data);
    expect(html).toMatch(/<section[^>]*class="profile-page /);
    expect(html).toMatch(/<h1[^>]*>Анна Ли<\/h1>/);
    expect(textOf(html)).toContain("Дизайнер");
    expect(textOf(html)).toContain("My portfolio");
    expect(html).not.toContain("Bob");
  });

  test("profile-overview-default for an unknown subject says Not found", () => {
    const { page } = community();
    page.segment("rbac.subjects.slug", "nobody");
    page.widget("social", { variant: "profile-overview-default" });
    expect(textOf(renderApp(page.data))).toContain("Not found");
  });

  test("profile-list-default: cards linking to each subject's profile page", () => {
    const { page, annProfile, bobProfile } = community("ru");
    page.widget("social", { variant: "profile-list-default", title: en("People") });
    page.list("social/profiles", [annProfile, bobProfile]);
    const html = renderApp(page.data);
    expect(html.split("data-profile-card").length - 1).toBe(2);
    expect(html).toMatch(/href="\/ru\/rbac\/subjects\/ann\/social\/profile"/);
    expect(html).toMatch(/href="\/ru\/rbac\/subjects\/bob\/social\/profile"/);
  });
});

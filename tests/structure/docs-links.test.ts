// Every link and image of the README, docs/ and the other markdown files of the repository leads
// somewhere inside it: a relative file or folder that exists, an #anchor that is a heading of its
// file (GitHub's slugs), and no http(s) link (ALLOWED_EXTERNAL lists none). The table below shows
// the checker failing on each kind of dead link.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { paths } from "../../server/config.js";
import { checkMarkdownLinks, githubSlug, markdownLinks, type FileSource } from "../helpers/markdown-links.js";

const SKIP = new Set(["node_modules", "dist", "data", "test-results", "coverage"]);

/** The repository's markdown files: README.md, docs/**, and any other outside generated folders. */
function repositoryMarkdown(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || SKIP.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) found.push(relative(root, path).split(sep).join("/"));
    }
  };
  walk(root);
  return found.sort();
}

const disk: FileSource = {
  exists: (path) => existsSync(join(paths.root, path)),
  read: (path) => readFileSync(join(paths.root, path), "utf8"),
};

/** A repository held in memory, for the cases below. */
function memory(files: Record<string, string>): FileSource {
  const dirs = new Set(
    Object.keys(files).flatMap((file) =>
      file
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
    ),
  );
  return {
    exists: (path) => path === "" || path in files || dirs.has(path),
    read: (path) => {
      if (!(path in files)) throw new Error(`no file ${path}`);
      return files[path]!;
    },
  };
}

describe("the repository's markdown links", () => {
  const files = repositoryMarkdown(paths.root);

  it("covers the README and every file of docs/", () => {
    expect(files).toContain("README.md");
    const docs = readdirSync(join(paths.root, "docs")).filter((name) => name.endsWith(".md"));
    for (const name of [
      "configuration.md",
      "api.md",
      "extending.md",
      "security.md",
      "payments.md",
      "deploying.md",
      "benchmarks.md",
    ])
      expect(docs).toContain(name);
    for (const name of docs) expect(files).toContain(`docs/${name}`);
  });

  it("the README links into every file of docs/ and shows its screenshots", () => {
    const targets = markdownLinks(disk.read("README.md")).map((link) => link.target.replace(/#.*$/, ""));
    const docs = readdirSync(join(paths.root, "docs")).filter((name) => name.endsWith(".md"));
    for (const name of docs) expect(targets, `README.md links docs/${name}`).toContain(`docs/${name}`);
    expect(targets).toContain("docs/images/site-home.png");
    expect(targets).toContain("docs/images/admin-articles.png");
  });

  it("lead to files and headings inside the repository, and nowhere else", () => {
    const problems = checkMarkdownLinks(files, disk).map((p) => `${p.file}:${p.line} ${p.target}: ${p.problem}`);
    expect(problems).toEqual([]);
  });
});

describe("GitHub's heading slugs", () => {
  it.each([
    ["Two commands", "two-commands"],
    ["The embedded database: what it promises", "the-embedded-database-what-it-promises"],
    ["Adding a `language` field", "adding-a-language-field"],
    ["Moving to a PostgreSQL server", "moving-to-a-postgresql-server"],
    ["Accounts, permissions and security", "accounts-permissions-and-security"],
    ["Extending → Adding a variant", "extending--adding-a-variant"],
    ["snake_case and x-access", "snake_case-and-x-access"],
    ["Языки", "языки"],
  ])("%s → #%s", (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });
});

describe("the link checker", () => {
  const repo = {
    "README.md": "# Platform\n\n## Two commands\n",
    "docs/api.md": "# HTTP API\n\n## The HTTP API\n\n### Errors\n\n## Errors\n",
    "docs/images/site.png": "png",
    LICENSE: "MIT",
  };
  const check = (markdown: string) =>
    checkMarkdownLinks(["docs/guide.md"], memory({ ...repo, "docs/guide.md": markdown })).map((p) => p.problem);

  it.each([
    ["a file beside it", "[api](api.md)"],
    ["a heading of another file", "[errors](api.md#errors)"],
    ["a repeated heading's second anchor", "[errors](api.md#errors-1)"],
    ["a file one folder up", "[readme](../README.md#two-commands)"],
    ["a heading of its own", "# Guide\n\n## Local part\n\n[here](#local-part)"],
    ["an image", "![site](images/site.png)"],
    ["a folder", "[images](images/)"],
    ["a link inside inline code", "`[x](https://example.com)`"],
    ["a link inside a fenced block", "```md\n[x](missing.md) https://example.com\n```"],
    ["a file that is not markdown", "[license](../LICENSE)"],
  ])("passes %s", (_, markdown) => {
    expect(check(markdown)).toEqual([]);
  });

  it.each([
    ["a missing file", "[x](missing.md)", "link names docs/missing.md, which does not exist"],
    ["a missing image", "![x](images/gone.png)", "image names docs/images/gone.png, which does not exist"],
    [
      "a heading that is not there",
      "[x](api.md#no-such-heading)",
      "link #no-such-heading is not a heading of docs/api.md",
    ],
    ["a missing heading of its own", "# Guide\n\n[x](#nowhere)", "link #nowhere is not a heading of docs/guide.md"],
    ["a path above the root", "[x](../../outside/notes.md)", "link leads outside the repository (../ above its root)"],
    ["an https link", "[x](https://example.com/docs)", "link leads outside the repository (an http(s) link)"],
    ["a bare http address", "see http://example.com for more", "link leads outside the repository (an http(s) link)"],
    ["an autolink", "<https://example.com>", "link leads outside the repository (an http(s) link)"],
    [
      "a reference definition",
      "[x][ref]\n\n[ref]: https://example.com",
      "link leads outside the repository (an http(s) link)",
    ],
    [
      "an absolute path",
      "[x](/docs/api.md)",
      "link is absolute: on GitHub it would leave the repository; write it relative to the file",
    ],
    [
      "an anchor into a non-markdown file",
      "[x](../LICENSE#top)",
      "link has an #anchor into LICENSE, which is not a markdown file",
    ],
  ])("fails %s", (_, markdown, problem) => {
    expect(check(markdown)).toEqual([problem]);
  });

  it("lets through an external link only when it is listed", () => {
    const files = memory({
      ...repo,
      "docs/guide.md": "[x](https://example.com/a)",
    });
    expect(checkMarkdownLinks(["docs/guide.md"], files, ["https://example.com/a"])).toEqual([]);
    expect(checkMarkdownLinks(["docs/guide.md"], files, [])).toHaveLength(1);
  });

  it("names the file and line of a dead link", () => {
    const files = memory({
      ...repo,
      "docs/guide.md": "# Guide\n\nfine [api](api.md)\n[dead](dead.md)\n",
    });
    expect(checkMarkdownLinks(["docs/guide.md"], files)).toEqual([
      {
        file: "docs/guide.md",
        line: 4,
        target: "dead.md",
        problem: "link names docs/dead.md, which does not exist",
      },
    ]);
  });
});

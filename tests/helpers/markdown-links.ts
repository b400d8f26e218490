import { posix } from "node:path";

// Reads the links and images of a markdown file and checks them the way GitHub would follow
// them: a relative target must be a file or folder inside the repository, an #anchor must be a
// heading of the target file (GitHub's slugs), and nothing may lead out of the repository.

/** What the checker may read: paths are relative to the repository root, with forward slashes. */
export interface FileSource {
  exists(path: string): boolean;
  read(path: string): string;
}

export interface MarkdownLink {
  line: number;
  target: string;
  image: boolean;
}

export interface LinkProblem {
  file: string;
  line: number;
  target: string;
  problem: string;
}

/** Fenced code blocks (``` or ~~~) blanked out, line numbers kept. */
function withoutFences(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split("\n").map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return "";
    }
    if (marker) {
      fence = marker;
      return "";
    }
    return line;
  });
}

/**
 * Inline code spans (`x`, ``x ` y``) blanked out, so a bracket or url inside code is not a link.
 * A span may run over a line break, never over a blank line (a paragraph's end); newlines stay.
 */
function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)(?:(?!\n[ \t]*\n)[\s\S])*?\1/g, (span) => span.replace(/[^\n]/g, " "));
}

/**
 * Every link and image outside code: `[text](target)`, `![alt](target)`, reference definitions
 * `[name]: target`, autolinks `<https://…>` and bare `http(s)://` addresses (GitHub links those too).
 */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  withoutCodeSpans(withoutFences(markdown).join("\n"))
    .split("\n")
    .forEach((line, index) => {
      const number = index + 1;
      const inline = /(!?)\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
      let rest = line;
      for (const match of line.matchAll(inline)) {
        links.push({
          line: number,
          target: match[2]!.replace(/^<|>$/g, ""),
          image: match[1] === "!",
        });
        rest = rest.replace(match[0], " ".repeat(match[0].length));
      }
      const definition = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(rest);
      if (definition) {
        links.push({
          line: number,
          target: definition[1]!.replace(/^<|>$/g, ""),
          image: false,
        });
        rest = "";
      }
      for (const match of rest.matchAll(/<([a-z][a-z0-9+.-]*:[^>\s]*)>/gi)) {
        links.push({ line: number, target: match[1]!, image: false });
        rest = rest.replace(match[0], " ".repeat(match[0].length));
      }
      for (const match of rest.matchAll(/\bhttps?:\/\/[^\s)<>]+/gi))
        links.push({ line: number, target: match[0], image: false });
    });
  return links;
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces as hyphens. */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link or image: its text
    .replace(/<[^>]+>/g, "") // inline HTML tags
    .replace(/`/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "").replace(/ /g, "-");
}

/** The anchors a markdown file offers: its headings' slugs (repeats numbered -1, -2, …) and HTML ids. */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+\s*)?$/.exec(line);
    if (heading) {
      const slug = githubSlug(heading[1]!);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id[1]!);
  }
  return anchors;
}

/** External targets a document may keep (none: a test cannot reach the network, and docs state facts). */
export const ALLOWED_EXTERNAL: readonly string[] = [];

/** What is wrong with one link of `file` (repository-relative), or null when GitHub would follow it here. */
export function checkLink(
  file: string,
  target: string,
  files: FileSource,
  allowed: readonly string[] = ALLOWED_EXTERNAL,
): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    if (allowed.includes(target)) return null;
    return /^https?:/i.test(target)
      ? "leads outside the repository (an http(s) link)"
      : `leads outside the repository (a ${target.split(":")[0]}: link)`;
  }
  if (target.startsWith("//")) return "leads outside the repository (a protocol-relative link)";
  if (target === "") return "is empty";
  const hash = target.indexOf("#");
  const pathPart = decodeURI(hash < 0 ? target : target.slice(0, hash)).replace(/\?.*$/, "");
  const anchor = hash < 0 ? null : target.slice(hash + 1);
  if (pathPart.startsWith("/"))
    return "is absolute: on GitHub it would leave the repository; write it relative to the file";
  let resolved = file;
  if (pathPart !== "") {
    resolved = posix.normalize(posix.join(posix.dirname(file), pathPart)).replace(/\/$/, "");
    if (resolved === ".." || resolved.startsWith("../")) return "leads outside the repository (../ above its root)";
    if (resolved === ".") resolved = "";
    if (!files.exists(resolved)) return `names ${resolved || "."}, which does not exist`;
  }
  if (anchor !== null) {
    if (anchor === "") return "has an empty #anchor";
    if (!resolved.endsWith(".md")) return `has an #anchor into ${resolved}, which is not a markdown file`;
    if (!markdownAnchors(files.read(resolved)).has(decodeURIComponent(anchor)))
      return `#${anchor} is not a heading of ${resolved}`;
  }
  return null;
}

/** Every problem of every link in `markdownFiles`. */
export function checkMarkdownLinks(
  markdownFiles: readonly string[],
  files: FileSource,
  allowed: readonly string[] = ALLOWED_EXTERNAL,
): LinkProblem[] {
  const problems: LinkProblem[] = [];
  for (const file of markdownFiles) {
    for (const link of markdownLinks(files.read(file))) {
      const problem = checkLink(file, link.target, files, allowed);
      if (problem)
        problems.push({
          file,
          line: link.line,
          target: link.target,
          problem: `${link.image ? "image" : "link"} ${problem}`,
        });
    }
  }
  return problems;
}

// Mentions of documents and trackers a reader of this repository does not have: the four design
// documents the project began from, a folder beside the repository, and numbered issues of a
// tracker. Each fact they stood for now lives in docs/ or in the comment itself, so any of them in
// a tracked file is a citation nobody can follow (tests/structure/self-contained-citations.test.ts).

export interface CitationRule {
  /** What the rule finds, as the failure names it. */
  name: string;
  pattern: RegExp;
}

export const CITATION_RULES: CitationRule[] = [
  // Case-sensitive: docs/api.md and docs/payments.md are this repository's own pages.
  {
    name: "outside document (SPEC/API/ARCHITECTURE/PAYMENTS .md)",
    pattern: /\b(?:SPEC|API|ARCHITECTURE|PAYMENTS)\.md\b/,
  },
  { name: "folder beside the repository (../shared)", pattern: /\.\.\/shared(?![\w.-])/ },
  // The word issue or issues (any case) before a number, with or without "#".
  { name: "issue number", pattern: /\bissues?\s+#?\d+/i },
  // "(#31)", "(#31, #32)": a tracker reference in parentheses.
  { name: "issue number in parentheses (#N)", pattern: /\(#\d+\b/ },
  // "see #31", "fixes #31", "and #17": a word that introduces a tracker reference. A colour such as
  // "#123" or "color: #123" has no such word before it.
  {
    name: "issue number after a word (see #N)",
    pattern: /\b(?:see|fixes|fixed|closes|closed|resolves|ticket|tickets|pr|bug|and)\s+#\d+\b/i,
  },
  // "strapi#5767", "owner/repo#12": another project's tracker. An HTML entity ("&#39;") has no
  // letter right before its "#".
  { name: "another tracker's issue (name#N)", pattern: /[A-Za-z][\w./-]*#\d+\b/ },
];

export interface Citation {
  file: string;
  line: number;
  rule: string;
  text: string;
}

/** Every citation of a rule in one file's text, with its 1-based line. */
export function findCitations(file: string, text: string, rules: CitationRule[] = CITATION_RULES): Citation[] {
  const found: Citation[] = [];
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    for (const rule of rules) {
      const match = rule.pattern.exec(line);
      if (match) found.push({ file, line: index + 1, rule: rule.name, text: match[0] });
    }
  }
  return found;
}

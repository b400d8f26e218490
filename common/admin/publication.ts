/**
 * A record's publication state as the admin's answers carry it (docs/drafts.md). `Time` is the
 * type of its moments: ISO strings on the wire (what the screens read), Dates on the server
 * (engine/query/publishing.ts), which JSON turns into those strings as it answers.
 */
export interface Publication<Time = string> {
  state: "draft" | "published" | "changed";
  publishedAt: Time | null;
  publishAt: Time | null;
  unpublishAt: Time | null;
}

import { sql } from "kysely";
import { notFound } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Language } from "../../../../engine/schema/languages.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import { quote } from "../../../../engine/sql/identifiers.js";
import { text } from "../../../../common/i18n/text.js";
import { fileReferences, type FileReference } from "./file-references.js";
import type { FileUse, MediaFile } from "../../../../common/admin/media-file.js";

/** The media routes' answers: the wire contract in common/admin/media-file.ts, shared with the admin's screens. */
export type { FileUse, MediaFile };

/** Uses listed for one file at most: a file in more places than this is shown as "and more" by the count. */
export const USES_MAX = 200;

const ident = (name: string) => sql.raw(quote(name));
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The media screen's read model (docs/admin.md). A page of files is one query whatever its
 * size: the files, each one's number of uses (a count per reference, summed in the same select)
 * and the total matching (a window count). "Where used" for one file is one query too: a union of
 * every reference the registry knows (file-references.ts), joined to the using record's name.
 */
export class MediaLibrary {
  private readonly references: FileReference[];

  constructor(
    private readonly db: ModelQueries,
    registry: Registry,
    /** Variants of files made for one subject (receipts): not media, never listed here (subject-files.ts). */
    private readonly notMedia: () => string[] = () => [],
  ) {
    this.references = fileReferences(registry);
  }

  /** Files newest first, narrowed by a name (admin title) search; `total` counts every match. */
  async page(search: string, limit: number, offset: number): Promise<{ rows: MediaFile[]; total: number }> {
    // Raw SQL: each reference's count reads a table the registry names at run time (file-references.ts).
    const uses = this.references.map(
      (r) => sql`(select count(*) from ${ident(r.holder.table)} r where r.${ident(r.fileKey)} = f."id")`,
    );
    const usedBy = uses.length ? sql.join(uses, sql` + `) : sql`0`;
    const rows = await this.matching(search)
      .select([
        "f.id",
        "f.adminTitle",
        "f.file",
        "f.mimeType",
        "f.extension",
        "f.size",
        "f.width",
        "f.height",
        "f.alt",
        "f.createdAt",
      ])
      .select((eb) => [sql<number>`(${usedBy})::int`.as("usedBy"), eb.fn.countAll<string>().over().as("total")])
      .orderBy("f.createdAt", "desc")
      .orderBy("f.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
    // Past the last page the window has no row to count on: counted apart (a page nobody asks for normally).
    const total = rows[0] ? Number(rows[0].total) : offset > 0 ? await this.count(search) : 0;
    return {
      total,
      rows: rows.map(({ total: _total, ...row }) => ({
        ...row,
        alt: row.alt ?? {},
        usedBy: Number(row.usedBy),
        createdAt: new Date(row.createdAt).toISOString(),
      })),
    };
  }

  /** The files the grid shows: media only (no file made for a subject), narrowed by the search. */
  private matching(search: string) {
    let files = this.db.selectFrom("file-storage/files as f");
    for (const variant of this.notMedia()) files = files.where("f.variant", "<>", variant);
    return search ? files.where("f.adminTitle", "ilike", `%${escapeLike(search)}%`) : files;
  }

  private async count(search: string): Promise<number> {
    const row = await this.matching(search)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The records using one file, named in `language`; 404 when there is no such file. */
  async uses(fileId: string, language: Language): Promise<FileUse[]> {
    // Raw SQL: a union over the tables the registry names at run time (one per reference), led by the file itself.
    const exists = sql`select 0 as "rank", 'file-storage/files' as "model", f."id", to_jsonb(f."adminTitle") as "label" from ${sql.table("file-storage/files")} f where f."id" = ${fileId}`;
    const parts = this.references.map((r) => {
      const label = sql`to_jsonb(u.${ident(r.userLabel)})`;
      const model = sql.lit(r.user.id);
      return r.userKey === "id"
        ? sql`select 1 as "rank", ${model} as "model", u."id", ${label} as "label" from ${ident(r.holder.table)} u where u.${ident(r.fileKey)} = ${fileId}`
        : sql`select 1 as "rank", ${model} as "model", u."id", ${label} as "label" from ${ident(r.holder.table)} r join ${ident(r.user.table)} u on u."id" = r.${ident(r.userKey)} where r.${ident(r.fileKey)} = ${fileId}`;
    });
    // The file itself ranks first, so the one query also says whether it exists.
    const { rows } = await sql<{ model: string; id: string; label: unknown }>`
      select "model", "id", "label" from (${sql.join([exists, ...parts], sql` union all `)}) uses
      order by "rank", "model", "label"::text limit ${USES_MAX + 1}`.execute(this.db);
    if (rows[0]?.model !== "file-storage/files") throw notFound(`File ${fileId} was not found`);
    // The model named in `language` too (its schema's x-title), English where it has none.
    const titles = new Map(this.references.map((r) => [r.user.id, r.user.titles[language] ?? r.user.title]));
    return rows.slice(1).map((row) => ({
      model: row.model,
      modelTitle: titles.get(row.model) ?? row.model,
      id: String(row.id),
      label: text(row.label, language) || String(row.id),
    }));
  }
}

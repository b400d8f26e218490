import type { FastifyRequest } from "fastify";
import type { Repository } from "../../../engine/query/repository.js";
import type { StoredRecord } from "../../../engine/query/stored-record.js";
import type { Caller } from "../rbac/index.js";
import { PUBLIC_FILES_PREFIX } from "./stored-files.js";
import type { SubjectFiles } from "./subject-files.js";

type FileRecord = StoredRecord<"file-storage/files">;

/** How /public/files answers a key: as a public file, as a private one to this caller, or as a missing one. */
export type FileAccess = "public" | "private" | "refused";

/** The file records' ids a caller may not see (rbac's members-only rule, as the files routes apply it). */
export type HiddenFiles = (caller: Caller) => ReadonlySet<string> | Promise<ReadonlySet<string>>;

const ANONYMOUS: Caller = Object.freeze({ kind: "anonymous" });
/** Keys of files not made for a subject, with their record's id, kept so a repeated key costs no query. */
const KNOWN_MAX = 10_000;

/**
 * Who reads the bytes under a /public/files key: the same callers who may read its record through
 * the files routes. A file made for a subject (subject-files.ts) is read by its subject and the
 * staff; any other file is public unless visitors may not see its record — a file shown only in
 * members-only content (rbac's members-only rule) — and then it is read by those who may see
 * that content. What visitors may read is public and cached for good; what only some callers
 * may read is theirs, `private, no-store`; to the rest it is a key that does not exist.
 *
 * A key's record is looked up once (by the indexed `file` column) and its id kept: whether it is
 * members-only is read from the rule's answer, kept per set of roles until links change, so the
 * many images of one page cost no query each once seen.
 */
export class PublicFileAccess {
  private readonly known = new Map<string, string>();

  constructor(
    private readonly records: Repository<FileRecord>,
    private readonly subjectFiles: SubjectFiles,
    private readonly hiddenFrom: HiddenFiles,
    private readonly callerOf: (request: FastifyRequest) => Promise<Caller>,
  ) {}

  /** What the stored file under `key` is to the caller of this request. */
  async access(key: string, request: FastifyRequest): Promise<FileAccess> {
    const known = this.known.get(key);
    const found = known === undefined ? await this.lookUp(key, request) : { id: known };
    if (typeof found === "string") return found;
    const { id } = found;
    if (!(await this.hiddenFrom(ANONYMOUS)).has(id)) return "public";
    const caller = await this.callerOf(request);
    return (await this.hiddenFrom(caller)).has(id) ? "refused" : "private";
  }

  /** The record's id of a file not made for a subject; the answer itself for the others. */
  private async lookUp(key: string, request: FastifyRequest): Promise<{ id: string } | FileAccess> {
    const field = this.records.model.fieldMap.get("file")!;
    const [record] = await this.records.list({
      filters: [{ field, kind: field.kind, method: "eq", value: `${PUBLIC_FILES_PREFIX}/${key}` }],
      orderBy: [],
      limit: 1,
      offset: 0,
    });
    // No record yet (stored a moment before its record is written): served, not remembered.
    if (!record) return "public";
    const reads = await this.subjectFiles.reads(record, request);
    if (reads !== undefined) return reads ? "private" : "refused";
    // A key never changes the record it belongs to (keys are random and never reused).
    if (this.known.size >= KNOWN_MAX) this.known.delete(this.known.keys().next().value!);
    this.known.set(key, record.id);
    return { id: record.id };
  }
}

import type { FastifyRequest } from "fastify";
import type { Condition } from "../../../engine/query/list-query.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { StoredRecord } from "../../../engine/query/stored-record.js";
import type { Caller } from "../rbac/index.js";

type FileRecord = StoredRecord<"file-storage/files">;

/** Who may read the files of one generated variant made for a subject (an order's receipt). */
export interface SubjectFileKind {
  /** The shop's staff: callers who read every such file, and see them in the files' lists. */
  isStaff(caller: Caller): Promise<boolean>;
  /** Whether the file was made for this caller (its subject), or the request carries that subject's link to it. */
  isFor(record: FileRecord, caller: Caller, request: FastifyRequest): Promise<boolean>;
}

/**
 * Files made for one subject (receipts: an order's lines, prices and total) are not the site's
 * content: only their subject and the shop's staff read them, at /public/files as through the
 * files routes. Modules name such variants here; the generic reads of file-storage/files leave
 * them out for everyone else, the media screen never lists them, and /public/files answers them
 * `private, no-store` to those who may read them and as unknown keys to the rest.
 */
export class SubjectFiles {
  private readonly kinds = new Map<string, SubjectFileKind>();

  constructor(
    private readonly records: Repository<FileRecord>,
    private readonly callerOf: (request: FastifyRequest) => Promise<Caller>,
  ) {}

  register(variant: string, kind: SubjectFileKind) {
    this.kinds.set(variant, kind);
  }

  /** The variants made for subjects (none is media). */
  get variants(): string[] {
    return [...this.kinds.keys()];
  }

  /** The condition leaving out the subject-made files this caller may not list, or undefined when it may list them all. */
  async exclusion(caller: Caller): Promise<Condition | undefined> {
    const hidden = await this.hiddenVariants(caller);
    if (hidden.length === 0) return undefined;
    const field = this.records.model.fieldMap.get("variant")!;
    return { field, kind: field.kind, method: "notInArray", value: hidden };
  }

  /** Whether this record, read by id, is one the caller may not see. */
  async hides(caller: Caller, record: { variant?: unknown }): Promise<boolean> {
    return (await this.hiddenVariants(caller)).includes(String(record.variant));
  }

  /**
   * For a file made for a subject: whether this request may read it (its subject, the staff, the
   * secret key). Undefined for every other file: this rule says nothing of it.
   */
  async reads(record: FileRecord, request: FastifyRequest): Promise<boolean | undefined> {
    const kind = this.kinds.get(String(record.variant));
    if (!kind) return undefined;
    const caller = await this.callerOf(request);
    return caller.kind === "secret-key" || (await kind.isStaff(caller)) || (await kind.isFor(record, caller, request));
  }

  private async hiddenVariants(caller: Caller): Promise<string[]> {
    if (caller.kind === "secret-key" || this.kinds.size === 0) return [];
    const staff = await Promise.all([...this.kinds.values()].map((kind) => kind.isStaff(caller)));
    return this.variants.filter((_, i) => !staff[i]);
  }
}

import { createHash } from "node:crypto";
import { DEFAULT_LANGUAGE } from "../../../../engine/schema/languages.js";
import type { FastifyBaseLogger } from "fastify";
import type { ReactElement } from "react";
import { AppError, validationError } from "../../../../engine/errors.js";
import type { Repository } from "../../../../engine/query/repository.js";
import type { StoredRecord } from "../../../../engine/query/stored-record.js";
import type { StoredFiles } from "../stored-files.js";
import { renderPng } from "./render-image.js";

/** What a generator draws for one request of its variant. */
export interface Drawing {
  /** What the image is made from (ids and a hash of the content): the same key gives the same stored file. */
  key: string;
  adminTitle: string;
  element: ReactElement;
  width: number;
  height: number;
  /** Older drawings of the same thing (keys starting with this) are deleted, with their files, once this one is stored. */
  replaces?: string;
  /** Runs with the record, new or found: links it where it belongs (an order's receipt, a product's files). */
  link?: (record: FileRecord) => Promise<void>;
}

type FileRecord = StoredRecord<"file-storage/files">;

export interface Generated {
  record: FileRecord;
  /** False when the same key had been drawn before and the stored record is returned. */
  created: boolean;
}

/** A generated template variant (docs/files.md): input in, drawing out. */
export type Generator = (input: Record<string, unknown>) => Promise<Drawing>;

/** A short stable hash of what an image shows, for keys and cache-busting URLs. */
export const contentHash = (value: unknown) =>
  createHash("sha256").update(JSON.stringify(value)).digest("base64url").slice(0, 16);

/**
 * Images drawn on the server from React templates (satori + resvg) and kept as file-storage/files
 * records whose `variant` names the template and whose `generatedFrom` is the drawing's key.
 * A key already drawn is not drawn again (a unique column decides between two instances drawing
 * at once; the loser's bytes are removed), so a page view or a retried job costs a look-up.
 */
export class GeneratedFiles {
  private readonly generators = new Map<string, Generator>();
  private readonly drawing = new Map<string, Promise<Generated>>();

  constructor(
    private readonly files: StoredFiles,
    private readonly records: Repository<FileRecord>,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(variant: string, generator: Generator) {
    this.generators.set(variant, generator);
  }

  get variants(): string[] {
    return [...this.generators.keys()];
  }

  /** The file record of `variant` for this input: the stored one when its key was drawn before, else drawn now. */
  async generate(variant: string, input: Record<string, unknown>): Promise<Generated> {
    const generator = this.generators.get(variant);
    if (!generator) {
      throw validationError(`/variant must be one of ${this.variants.join(", ")}`, [
        { path: "/variant", message: `must be one of ${this.variants.join(", ")}` },
      ]);
    }
    const drawing = await generator(input);
    const generated = await this.ensure(variant, drawing);
    await drawing.link?.(generated.record);
    return generated;
  }

  /** The record whose generatedFrom is this key, if one was made. */
  async find(key: string): Promise<FileRecord | undefined> {
    const field = this.records.model.fieldMap.get("generatedFrom")!;
    const [row] = await this.records.list({
      filters: [{ field, kind: field.kind, method: "eq", value: key }],
      orderBy: [],
      limit: 1,
      offset: 0,
    });
    return row;
  }

  private async ensure(variant: string, drawing: Drawing): Promise<Generated> {
    const existing = await this.find(drawing.key);
    if (existing) return { record: existing, created: false };
    let running = this.drawing.get(drawing.key);
    if (!running) {
      running = this.draw(variant, drawing).finally(() => this.drawing.delete(drawing.key));
      this.drawing.set(drawing.key, running);
    }
    return running;
  }

  private async draw(variant: string, drawing: Drawing): Promise<Generated> {
    const started = Date.now();
    const png = await renderPng(drawing.element, drawing.width, drawing.height);
    const stored = await this.files.store(png, `${variant}.png`);
    let record: FileRecord;
    try {
      record = await this.records.create({
        ...stored,
        variant,
        adminTitle: drawing.adminTitle,
        alt: { [DEFAULT_LANGUAGE]: drawing.adminTitle },
        generatedFrom: drawing.key,
      });
    } catch (error) {
      await this.files.remove(stored.file);
      const raced = error instanceof AppError && error.code === "CONFLICT" ? await this.find(drawing.key) : undefined;
      if (raced) return { record: raced, created: false };
      throw error;
    }
    this.log.info({ variant, key: drawing.key, ms: Date.now() - started }, "generated image");
    if (drawing.replaces) await this.removeOlder(drawing.replaces, drawing.key);
    return { record, created: true };
  }

  /** Earlier drawings of the same thing: their records and stored files go. */
  private async removeOlder(prefix: string, keep: string) {
    const field = this.records.model.fieldMap.get("generatedFrom")!;
    const older = await this.records.list({
      filters: [
        { field, kind: field.kind, method: "like", value: `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%` },
        { field, kind: field.kind, method: "ne", value: keep },
      ],
      orderBy: [],
      limit: 100,
      offset: 0,
    });
    for (const row of older) {
      await this.records.delete(row.id as string).catch(() => undefined);
      await this.files.remove(row.file);
    }
  }
}

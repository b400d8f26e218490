import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileInside } from "../../web/static-files.js";

export interface StoredFile {
  /** The random file name under the storage root, also the last segment of its public path. */
  name: string;
  size: number;
  /** Lower-case extension taken from the uploaded name, without the dot ("" when it has none). */
  extension: string;
}

/** The extension of an uploaded name, only when it is short and plain (it ends up in a URL and a path). */
export function safeExtension(originalName: string | undefined): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(originalName ?? "");
  return match ? match[1]!.toLowerCase() : "";
}

/**
 * The default storage driver (ARCHITECTURE.md: local disk, S3-compatible in production): bytes
 * under `{DATA_DIR}/uploads/` named by a random uuid, so an uploaded name never reaches the disk.
 */
export class LocalDiskStorage {
  constructor(readonly root: string) {}

  async save(stream: Readable, originalName: string | undefined): Promise<StoredFile> {
    await mkdir(this.root, { recursive: true });
    const extension = safeExtension(originalName);
    const name = extension ? `${randomUUID()}.${extension}` : randomUUID();
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(stream, count, createWriteStream(join(this.root, name)));
    } catch (error) {
      await this.remove(name);
      throw error;
    }
    return { name, size, extension };
  }

  async remove(name: string): Promise<void> {
    await rm(join(this.root, name), { force: true });
  }

  /** The stored file for an untrusted name from a URL, or null (missing, or outside the root). */
  find(name: string): string | null {
    return fileInside(this.root, name);
  }
}

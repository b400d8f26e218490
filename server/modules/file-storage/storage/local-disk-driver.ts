import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { contentTypeOf } from "../../../delivery/static-files.js";
import type { StorageDriver, StoredObject } from "./storage-driver.js";

/**
 * Files on local disk under `{DATA_DIR}/uploads` (the default driver). A file is written under a
 * temporary name and renamed into place, so a reader never sees half of one. The content type
 * comes back from the extension, which this module derives from the sniffed type.
 */
export class LocalDiskDriver implements StorageDriver {
  readonly kind = "local" as const;

  constructor(readonly root: string) {}

  async put(key: string, body: Buffer): Promise<void> {
    const file = join(this.root, key);
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, body);
    await rename(partial, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = join(this.root, key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { body: createReadStream(file), size: info.size, contentType: contentTypeOf(file) };
  }

  async remove(key: string): Promise<void> {
    await rm(join(this.root, key), { force: true });
  }
}

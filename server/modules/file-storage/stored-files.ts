import { randomUUID } from "node:crypto";
import { AppError } from "../../../engine/errors.js";
import { inspectFile } from "./inspect-file.js";
import { IMAGE_WIDTHS } from "./image-widths.js";
import { isStorageKey, type StorageDriver } from "./storage/storage-driver.js";

export const PUBLIC_FILES_PREFIX = "/public/files";

/** The values a stored file gives its file-storage/files record. */
export interface StoredValues {
  file: string;
  size: number;
  mimeType: string;
  extension: string;
  width?: number;
  height?: number;
}

/** The storage key behind a record's `file` value, when it is one of ours (`/public/files/{key}`). */
export function storageKeyOf(file: unknown): string | undefined {
  if (typeof file !== "string" || !file.startsWith(`${PUBLIC_FILES_PREFIX}/`)) return undefined;
  const key = file.slice(PUBLIC_FILES_PREFIX.length + 1);
  return isStorageKey(key) ? key : undefined;
}

/** Stored files: bytes in, a record's values out; and removal of a file with its resized copies. */
export class StoredFiles {
  constructor(
    readonly driver: StorageDriver,
    readonly maxBytes: number,
  ) {}

  /** Sniffs, measures and stores the bytes under a new random key. */
  async store(bytes: Buffer, clientName?: string, field = "file"): Promise<StoredValues> {
    if (bytes.length > this.maxBytes) throw tooLarge(field, this.maxBytes);
    const inspected = await inspectFile(bytes, clientName, field);
    const key = inspected.extension ? `${randomUUID()}.${inspected.extension}` : randomUUID();
    await this.driver.put(key, bytes, inspected.mimeType);
    return { file: `${PUBLIC_FILES_PREFIX}/${key}`, size: bytes.length, ...inspected };
  }

  /** Removes a stored file (by its record value) and every resized copy made of it. */
  async remove(file: unknown): Promise<void> {
    const key = storageKeyOf(file);
    if (!key) return;
    await Promise.all([this.driver.remove(key), ...IMAGE_WIDTHS.map((w) => this.driver.remove(`w${w}/${key}`))]);
  }
}

export const tooLarge = (field: string, maxBytes: number) =>
  new AppError("PAYLOAD_TOO_LARGE", `/${field} is larger than the upload limit of ${maxBytes} bytes`, [
    { path: `/${field}`, message: `must be at most ${maxBytes} bytes` },
  ]);

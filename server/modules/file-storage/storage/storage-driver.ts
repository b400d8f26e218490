import type { Readable } from "node:stream";

/** One stored object as read back: its bytes as a stream, its length and its content type. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where file bytes live (docs/files.md: local disk by default, S3-compatible object storage for
 * several instances), chosen by the FILE_STORAGE setting. Keys are made by this module only (see
 * `isStorageKey`), never taken from a client as they are.
 */
export interface StorageDriver {
  readonly kind: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  close?(): void;
}

/**
 * The keys this module makes: `{uuid}.{ext}` for a stored file, `w{width}/{uuid}.{ext}` for one
 * of its resized widths. Anything else from a URL is not looked up at all, so no path trick
 * (`..`, `%2f`, NUL) reaches a disk path or a bucket key.
 */
const KEY = /^(?:w\d{2,4}\/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.[a-z0-9]{1,10})?$/;

export const isStorageKey = (key: string) => KEY.test(key);

import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import S3rver from "s3rver";
import { configFromEnv, type FileStorageSettings } from "../../server/config.js";

export { multipart } from "../helpers/bodies.js";

/** A real image of this size and format, made by sharp. */
export const image = (width: number, height: number, format: "png" | "jpeg" | "webp" = "png") =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

/** Where a test's stored files are, and how to list them, for the driver under test. */
export interface StorageUnderTest {
  name: "local" | "s3";
  settings: FileStorageSettings;
  dataDir: string;
  /** Every stored key (resized copies included), sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const listFiles = (root: string): string[] => {
  try {
    return readdirSync(root, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)));
  } catch {
    return [];
  }
};

/** Local disk under a temporary DATA_DIR. */
export async function localStorage(overrides: Partial<FileStorageSettings> = {}): Promise<StorageUnderTest> {
  const dataDir = mkdtempSync(join(tmpdir(), "files-"));
  return {
    name: "local",
    dataDir,
    settings: { ...configFromEnv({}).fileStorage, ...overrides },
    keys: async () => listFiles(join(dataDir, "uploads")).sort(),
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A real S3-compatible server (s3rver) on 127.0.0.1, with one bucket, speaking S3's REST API to the SDK. */
export async function s3Storage(overrides: Partial<FileStorageSettings> = {}): Promise<StorageUnderTest> {
  const dataDir = mkdtempSync(join(tmpdir(), "files-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: join(dataDir, "s3rver"),
    configureBuckets: [{ name: "site-files", configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
  const base = configFromEnv({
    FILE_STORAGE: "s3",
    S3_BUCKET: "site-files",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_PREFIX: "site/",
  }).fileStorage;
  return {
    name: "s3",
    dataDir,
    settings: { ...base, ...overrides },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: "site-files" }));
      return (listed.Contents ?? []).map((o) => o.Key!.replace(/^site\//, "")).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

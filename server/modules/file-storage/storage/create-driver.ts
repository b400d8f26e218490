import { join } from "node:path";
import type { Config } from "../../../config.js";
import { LocalDiskDriver } from "./local-disk-driver.js";
import type { StorageDriver } from "./storage-driver.js";

/**
 * The driver the settings choose: FILE_STORAGE=s3 with S3_BUCKET, else local disk under DATA_DIR.
 * The S3 client (the AWS SDK) is loaded only when chosen.
 */
export async function createStorageDriver(config: Config): Promise<StorageDriver> {
  if (config.fileStorage.driver === "s3") return new (await import("./s3-driver.js")).S3Driver(config.fileStorage.s3!);
  return new LocalDiskDriver(join(config.dataDir, "uploads"));
}

import { join } from "node:path";
import type { Config } from "../../../config.js";
import { LocalDiskDriver } from "./local-disk-driver.js";
import { S3Driver } from "./s3-driver.js";
import type { StorageDriver } from "./storage-driver.js";

/** The driver the settings choose: FILE_STORAGE=s3 with S3_BUCKET, else local disk under DATA_DIR. */
export function createStorageDriver(config: Config): StorageDriver {
  if (config.fileStorage.driver === "s3") return new S3Driver(config.fileStorage.s3!);
  return new LocalDiskDriver(join(config.dataDir, "uploads"));
}

import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import type { S3Settings } from "../../../config.js";
import type { StorageDriver, StoredObject } from "./storage-driver.js";

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, …) through @aws-sdk/client-s3. The site
 * still serves them at /public/files/… (streamed from the bucket), so a record's address does not
 * depend on the driver and a bucket can stay private.
 */
export class S3Driver implements StorageDriver {
  readonly kind = "s3" as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where the API requires them: many S3-compatible servers do not take the
      // SDK's default trailing checksums (aws-chunked bodies).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private key(key: string) {
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
      return {
        body: object.Body as Readable,
        size: Number(object.ContentLength ?? 0),
        contentType: object.ContentType ?? "application/octet-stream",
      };
    } catch (error) {
      if (
        error instanceof NoSuchKey ||
        (error as { name?: string }).name === "NoSuchKey" ||
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      )
        return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
  }

  close() {
    this.client.destroy();
  }
}

import { RASTER_TYPES } from "./inspect-file.js";
import type { StorageDriver, StoredObject } from "./storage/storage-driver.js";

/**
 * The widths an image is served in (`?w=640`): a fixed list (shared with the site, whose `srcset`
 * offers the ones below the original's width), so the cache holds at most this many copies of a
 * file and nobody can make the server resize to every width there is.
 */
export { IMAGE_WIDTHS } from "../../../common/file-url.js";

const readAll = async (object: StoredObject) => {
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A stored image at one of IMAGE_WIDTHS: made once with sharp (never enlarged, same format, turned
 * upright) and kept in storage under `w{width}/{key}`, so later requests only read it. Two
 * requests for the same missing copy share one resize.
 */
export class ImageWidths {
  private readonly making = new Map<string, Promise<void>>();

  constructor(private readonly driver: StorageDriver) {}

  async get(key: string, width: number): Promise<StoredObject | null> {
    const resizedKey = `w${width}/${key}`;
    const cached = await this.driver.get(resizedKey);
    if (cached) return cached;
    let made = this.making.get(resizedKey);
    if (!made) {
      made = this.make(key, resizedKey, width).finally(() => this.making.delete(resizedKey));
      this.making.set(resizedKey, made);
    }
    const ok = await made.then(
      () => true,
      () => false,
    );
    return ok ? this.driver.get(resizedKey) : null;
  }

  private async make(key: string, resizedKey: string, width: number) {
    const original = await this.driver.get(key);
    if (!original) throw new Error("no original");
    if (!RASTER_TYPES.has(original.contentType.split(";")[0]!)) {
      original.body.destroy();
      throw new Error("not a raster image");
    }
    const { default: sharp } = await import("sharp"); // loaded at the first resize, not at every start
    const resized = await sharp(await readAll(original), { animated: true })
      .autoOrient()
      .resize({ width, withoutEnlargement: true })
      .toBuffer();
    await this.driver.put(resizedKey, resized, original.contentType);
  }
}

/**
 * The site's icon, drawn from one SVG: /favicon.svg as it is (modern browsers), /favicon.ico made
 * from it once, on first request, as an ICO holding 16, 32 and 48 px PNGs (browsers and crawlers
 * that ask for /favicon.ico whatever the page says). The theme's indigo, a white "N" (Northwind).
 */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#4c6ef5"/><path d="M17 47V17h7l16 19.5V17h7v30h-7L24 27.5V47z" fill="#fff"/></svg>`;

const ICO_SIZES = [16, 32, 48];

let ico: Promise<Buffer> | undefined;

/** The ICO, made once per process (sharp is loaded only then). */
export function faviconIco(): Promise<Buffer> {
  ico ??= drawIco().catch((error) => {
    ico = undefined;
    throw error;
  });
  return ico;
}

async function drawIco(): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const pngs = await Promise.all(
    ICO_SIZES.map((size) =>
      sharp(Buffer.from(FAVICON_SVG), { density: 72 * (size / 64) * 4 })
        .resize(size, size)
        .png()
        .toBuffer(),
    ),
  );
  return icoOf(pngs.map((png, i) => ({ size: ICO_SIZES[i]!, png })));
}

/** An ICO file (ICONDIR, one ICONDIRENTRY per image, then the images) whose images are PNGs, as Windows Vista and every browser read. */
export function icoOf(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width (0 means 256)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

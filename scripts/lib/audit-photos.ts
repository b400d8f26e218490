import sharp from "sharp";

/** A photo-like JPEG (soft gradients, a few shapes: it compresses like a product shot, not like noise). */
async function photo(width: number, height: number, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="g" cx="40%" cy="35%" r="80%"><stop offset="0" stop-color="hsl(${hue},60%,80%)"/><stop offset="1" stop-color="hsl(${hue},45%,25%)"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <ellipse cx="${width / 2}" cy="${height * 0.62}" rx="${width * 0.22}" ry="${height * 0.08}" fill="rgba(0,0,0,0.25)"/>
    <rect x="${width * 0.36}" y="${height * 0.25}" width="${width * 0.28}" height="${height * 0.36}" rx="${width * 0.03}" fill="hsl(${(hue + 180) % 360},50%,55%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * Gives the audited product (the demo has no pictures) two photos through the API, as an owner
 * would upload them, so the audit measures the product page and the list with their responsive
 * main photo. `secret` is the server's RBAC_SECRET_KEY.
 */
export async function addProductPhotos(origin: string, productPath: string, secret: string): Promise<void> {
  const headers = { "x-rbac-secret-key": secret };
  const slug = decodeURIComponent(productPath.split("/").pop() ?? "");
  const filters = JSON.stringify([{ column: "slug", method: "eq", value: slug }]);
  const found = await fetch(`${origin}/api/ecommerce/products?filters[and]=${encodeURIComponent(filters)}`, {
    headers,
  });
  const product = ((await found.json()) as { data: { id: string }[] }).data[0];
  if (!product) throw new Error(`no product ${slug} to give photos to`);
  for (const [index, hue] of [210, 20].entries()) {
    const form = new FormData();
    form.append(
      "data",
      JSON.stringify({
        adminTitle: `${slug}-${index + 1}.jpg`,
        alt: { en: `Product photo ${index + 1}`, ru: `Фото товара ${index + 1}` },
      }),
    );
    form.append(
      "file",
      new Blob([new Uint8Array(await photo(1600, 1200, hue))], { type: "image/jpeg" }),
      `${slug}-${index + 1}.jpg`,
    );
    const created = await fetch(`${origin}/api/file-storage/files`, { method: "POST", headers, body: form });
    if (created.status !== 201) throw new Error(`photo upload: ${created.status} ${await created.text()}`);
    const file = ((await created.json()) as { data: { id: string } }).data;
    const link = await fetch(`${origin}/api/ecommerce/products-to-file-storage-module-files`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ data: { productId: product.id, fileStorageModuleFileId: file.id, orderIndex: index } }),
    });
    if (link.status !== 201) throw new Error(`photo link: ${link.status} ${await link.text()}`);
  }
}

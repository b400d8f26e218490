// Request bodies in the three body forms of docs/api.md, as a browser builds them.

/** A multipart body with a `data` JSON part and named file parts, as a browser's FormData sends it. */
export async function multipart(
  data: unknown,
  files: Record<string, { name: string; type: string; bytes: Buffer }> = {},
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  if (data !== undefined) form.append("data", JSON.stringify(data));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, file] of Object.entries(files))
    form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request("http://x/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")! },
  };
}

/** `data=<json>` as an HTML form posts it. */
export const urlencoded = (data: unknown) => ({
  payload: new URLSearchParams({ data: JSON.stringify(data) }).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

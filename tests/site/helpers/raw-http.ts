import type { FastifyInstance } from "fastify";
import { request } from "node:http";
import type { IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire (still compressed when content-encoding says so). */
  body: Buffer;
}

/** Listens on a free port of 127.0.0.1 and returns the origin: these tests go through real HTTP. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

/** A GET with exactly these headers (node:http adds no Accept-Encoding and decodes nothing). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The body decoded by its content-encoding (br, gzip or none). */
export function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body);
  if (encoding === "gzip") return gunzipSync(answer.body);
  if (encoding) throw new Error(`unexpected content-encoding ${encoding}`);
  return answer.body;
}

/** The Vary header's names, lower case. */
export const varyOf = (answer: RawAnswer) =>
  String(answer.headers.vary ?? "")
    .toLowerCase()
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pipeline, Readable } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** Content types sent compressed: text, JSON, JavaScript, CSS, SVG, XML (and their +json/+xml kin). */
const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|[\w.+-]*\+(json|xml))|image\/svg\+xml)/i;

/** Answers per content type seen (a handful: JSON, HTML, CSS, …), so the pattern runs once for each. */
const compressibleTypes = new Map<string, boolean>();

export const isCompressible = (contentType: string | undefined) => {
  if (!contentType) return false;
  const text = String(contentType);
  let answer = compressibleTypes.get(text);
  if (answer === undefined) {
    answer = COMPRESSIBLE.test(text);
    // Types come from the server's own routes, but keep the map bounded whatever they are.
    if (compressibleTypes.size >= 100) compressibleTypes.clear();
    compressibleTypes.set(text, answer);
  }
  return answer;
};

/**
 * Smaller bodies go as they are: an encoding's own framing (gzip's 18 bytes) outweighs what it
 * saves, and the header alone costs about as much.
 */
export const MIN_COMPRESS_BYTES = 256;

/**
 * The encoding to answer with for an Accept-Encoding header: brotli when accepted, else gzip,
 * else none. q=0 refuses an encoding; `*` stands for any encoding not named; with no header at
 * all, only identity.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return "identity";
  const weights = new Map<string, number>();
  for (const part of String(header).split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gzip = Math.max(weightOf("gzip"), weights.get("x-gzip") ?? 0);
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return "identity";
}

/** Adds Accept-Encoding to the answer's Vary (keeping what a route set there already). */
export function varyOnEncoding(reply: FastifyReply) {
  const current = reply.getHeader("vary");
  // Nearly every answer sets no Vary of its own.
  if (current === undefined) return void reply.header("vary", "Accept-Encoding");
  const values =
    current === undefined
      ? []
      : String(current)
          .split(",")
          .map((v) => v.trim())
          .filter(Boolean);
  if (values.includes("*") || values.some((v) => v.toLowerCase() === "accept-encoding")) return;
  reply.header("vary", [...values, "Accept-Encoding"].join(", "));
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const brotliOptions = (quality: number, size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/**
 * How hard to compress. `build`: once per build, the smallest files whatever the time (brotli 11
 * takes about 0.3 s for 90 KB). `stored`: a page compressed when it is rendered and cached, on
 * the cold render's path: brotli 5 makes a 90 KB page within 2% of brotli 9's size in about 6 ms
 * against 95 ms; gzip 6 makes the 370 KB bench page within 2.2% of gzip 9's size in 1.8 ms
 * against 2.5 ms (gzip 9 gains next to nothing on HTML for its time). `fly`: an answer
 * compressed as it goes out (API JSON), paid on every request.
 */
export const EFFORT = {
  stored: { brotli: 5, gzip: 6 },
  build: { brotli: 11, gzip: 9 },
  fly: { brotli: 4, gzip: 6 },
} as const;

export interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

/** Both encodings of `body`, compressed in the thread pool side by side. */
export async function compressBoth(
  body: Buffer,
  effort: (typeof EFFORT)[keyof typeof EFFORT] = EFFORT.stored,
): Promise<Compressed> {
  const [br, gz] = await Promise.all([
    brotli(body, brotliOptions(effort.brotli, body.length)),
    gzip(body, { level: effort.gzip }),
  ]);
  return { br, gzip: gz };
}

/** One encoding of `body` at the stored effort (a page kept by the page cache). */
export function compressStored(body: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, brotliOptions(EFFORT.stored.brotli, body.length))
    : gzip(body, { level: EFFORT.stored.gzip });
}

/** One encoding of `body`, compressed as the answer goes out. */
export function compressOnTheFly(body: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, brotliOptions(EFFORT.fly.brotli, body.length))
    : gzip(body, { level: EFFORT.fly.gzip });
}

const compressingStream = (encoding: "br" | "gzip") =>
  encoding === "br"
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: EFFORT.fly.brotli } })
    : zlib.createGzip({ level: EFFORT.fly.gzip });

/**
 * Every text answer leaves compressed when the client accepts it: brotli or gzip by
 * Accept-Encoding, with `Vary: Accept-Encoding` (so a cache keeps one copy per encoding). Answers
 * already encoded (the page cache's stored bytes, pre-compressed build files) pass untouched, as
 * do small ones, non-text ones, 204/304 and `Cache-Control: no-transform`.
 */
export function compressAnswers(app: FastifyInstance) {
  // Callback style, not async: most answers pass through with no promise made for them.
  app.addHook("onSend", (request, reply, payload, done) => {
    const encoding = chooseEncoding(request, reply, payload);
    if (!encoding) return done(null, payload);
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    // pipeline, not pipe: a failing source (a file gone mid-read) ends the answer instead of hanging it.
    if (payload instanceof Readable)
      return done(
        null,
        pipeline(payload, compressingStream(encoding), () => {}),
      );
    const body = typeof payload === "string" ? Buffer.from(payload) : (payload as Buffer);
    compressOnTheFly(body, encoding).then(
      (compressed) => done(null, compressed),
      (error: Error) => done(error),
    );
  });
}

/** The encoding to compress this answer with now, or undefined to send it as it is (Vary set when it matters). */
function chooseEncoding(request: FastifyRequest, reply: FastifyReply, payload: unknown): "br" | "gzip" | undefined {
  if (payload === null || payload === undefined || reply.getHeader("content-encoding")) return undefined;
  const status = reply.statusCode;
  if (status === 204 || status === 206 || status === 304 || request.method === "HEAD") return undefined;
  if (!isCompressible(reply.getHeader("content-type") as string | undefined)) return undefined;
  const cacheControl = reply.getHeader("cache-control");
  if (cacheControl !== undefined && /no-transform/i.test(String(cacheControl))) return undefined;
  const isStream = payload instanceof Readable;
  if (!isStream && !(typeof payload === "string" || Buffer.isBuffer(payload))) return undefined;
  // A string's UTF-8 length is at least its length: most answers are long enough without counting bytes.
  if (
    !isStream &&
    (payload as string | Buffer).length < MIN_COMPRESS_BYTES &&
    Buffer.byteLength(payload as string | Buffer) < MIN_COMPRESS_BYTES
  )
    return undefined;
  varyOnEncoding(reply);
  const encoding = negotiateEncoding(request.headers["accept-encoding"]);
  return encoding === "identity" ? undefined : encoding;
}

import http from "node:http";
import https from "node:https";
import { guardedLookup, RefusedUrl, type AllowList, type Resolver } from "../../file-storage/index.js";

/** The response body kept in the delivery log. */
const RESPONSE_EXCERPT_BYTES = 2048;

export interface SentMessage {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** One attempt's outcome: the status (none when no answer came), how long it took, the answer's start or why it failed. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode?: number;
  durationMs: number;
  response?: string;
  error?: string;
}

/**
 * POSTs one signed message. The connection goes only to addresses the SSRF guard passed after
 * resolving the host now (ssrf-guard.ts `guardedLookup`), redirects are not followed (a 3xx is a
 * failure, as Standard Webhooks says), and no answer within `timeoutMs` is a failure.
 */
export function sendWebhook(
  message: SentMessage,
  limits: { allowList: AllowList; resolver: Resolver; timeoutMs: number },
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(message.url);
  const client = url.protocol === "https:" ? https : http;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: "POST",
        agent: false,
        signal,
        lookup: guardedLookup(limits.allowList, limits.resolver),
        headers: { ...message.headers, "content-length": Buffer.byteLength(message.body) },
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (error?: string) => {
          const ok = !error && statusCode >= 200 && statusCode < 300;
          const response = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8");
          resolve({ ok, statusCode, durationMs: elapsed(), response, ...(error ? { error } : {}) });
        };
        response.on("data", (chunk: Buffer) => {
          if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          // The excerpt is all we keep: the rest is not waited for.
          if (size >= RESPONSE_EXCERPT_BYTES) response.destroy();
        });
        response.on("end", () => done());
        response.on("close", () => done());
        response.on("error", () => done(signal.aborted ? "no answer within the time limit" : undefined));
      },
    );
    request.on("error", (error) => {
      const why =
        error instanceof RefusedUrl
          ? `refused: the address ${error.message}`
          : signal.aborted || error.name === "AbortError"
            ? `no answer within ${limits.timeoutMs / 1000} s`
            : `could not connect (${(error as NodeJS.ErrnoException).code ?? error.message})`;
      resolve({ ok: false, durationMs: elapsed(), error: why });
    });
    request.end(message.body);
  });
}

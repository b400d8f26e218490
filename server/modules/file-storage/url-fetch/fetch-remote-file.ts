import http from "node:http";
import https from "node:https";
import { AppError } from "../../../../engine/errors.js";
import { tooLarge } from "../stored-files.js";
import {
  checkUrl,
  guardedLookup,
  RefusedUrl,
  refused,
  systemResolver,
  type AllowList,
  type Resolver,
} from "./ssrf-guard.js";

export interface FetchLimits {
  allowList: AllowList;
  maxBytes: number;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  resolver?: Resolver;
}

export interface RemoteFile {
  bytes: Buffer;
  /** A name for the file: the response's Content-Disposition filename, else the last path segment. */
  name: string;
  url: string;
}

const MAX_REDIRECTS = 5;

function nameOf(url: URL, disposition: string | undefined): string {
  const fromHeader = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "")?.[1];
  const raw = fromHeader ?? url.pathname.split("/").filter(Boolean).pop() ?? "";
  try {
    return decodeURIComponent(raw).slice(0, 200);
  } catch {
    return raw.slice(0, 200);
  }
}

/**
 * Fetches a remote file for create-from-url (docs/files.md) without becoming a proxy into
 * the server's network: each URL (the first and every redirect's target) passes `checkUrl`, each
 * connection resolves through `guardedLookup` (every address checked, the socket pinned to them),
 * no connection is reused, at most 5 redirects, the body is cut off past `maxBytes`, and the whole
 * fetch past `timeoutMs`.
 */
export async function fetchRemoteFile(raw: unknown, limits: FetchLimits): Promise<RemoteFile> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const lookup = guardedLookup(limits.allowList, limits.resolver ?? systemResolver);
  let url = checkUrl(raw, limits.allowList);
  for (let redirects = 0; ; redirects++) {
    const response = await request(url, lookup, signal);
    const status = response.statusCode ?? 0;
    const location = status >= 300 && status < 400 ? response.headers.location : undefined;
    if (location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS)
        throw new AppError("REMOTE_ERROR", `more than ${MAX_REDIRECTS} redirects from ${raw}`);
      url = checkUrl(new URL(location, url).href, limits.allowList);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new AppError("REMOTE_ERROR", `${url.href} answered ${status}`);
    }
    const bytes = await readBody(response, limits.maxBytes, signal);
    return { bytes, name: nameOf(url, response.headers["content-disposition"]), url: url.href };
  }
}

function request(
  url: URL,
  lookup: ReturnType<typeof guardedLookup>,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      { lookup, agent: false, signal, headers: { "user-agent": "sps-platform create-from-url", accept: "*/*" } },
      resolve,
    );
    req.on("error", (error) => reject(translate(error, url, signal)));
  });
}

async function readBody(response: http.IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge("url", maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        response.destroy();
        throw tooLarge("url", maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw signal.aborted
      ? timedOut()
      : new AppError("REMOTE_ERROR", `the download broke off (${(error as Error).message})`);
  }
  return Buffer.concat(chunks);
}

const timedOut = () => new AppError("REMOTE_TIMEOUT", "the remote server took too long");

function translate(error: Error, url: URL, signal: AbortSignal): Error {
  if (error instanceof RefusedUrl) return refused(error.message);
  if (signal.aborted || error.name === "AbortError") return timedOut();
  return new AppError(
    "REMOTE_ERROR",
    `${url.host} could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})`,
  );
}

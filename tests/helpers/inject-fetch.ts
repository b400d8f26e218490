import type { FastifyInstance } from "fastify";

/** The origin the browser code is taken to run on (its relative URLs resolve against it). */
export const SITE_ORIGIN = "http://localhost";

export interface InjectFetch {
  /** A `fetch` for the browser code under test: `vi.stubGlobal("fetch", site.fetch)`. */
  fetch: typeof fetch;
  /** The cookies the "browser" holds, by name (HttpOnly ones too: the server set them). */
  cookies: Map<string, string>;
  /** Every request sent, as "METHOD /path?query", in order. */
  requests: string[];
}

/**
 * The real app behind the site's own API client: each `fetch` the browser code makes becomes an
 * `app.inject` with the same method, URL, headers and body, and the answer a real `Response`
 * (status, headers, body as the server wrote them). Like a browser on the site's origin, it keeps
 * the cookies the server sets and sends them back (`credentials: "include"`), and says where an
 * unsafe request comes from (`Origin`, `Sec-Fetch-Site`), so the cross-site guard sees what it
 * sees in production. Nothing of our own is stubbed: what the server refuses, the client gets.
 */
export function injectFetch(app: FastifyInstance): InjectFetch {
  const cookies = new Map<string, string>();
  const requests: string[] = [];
  const fetchViaInject = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input instanceof Request ? input : new URL(String(input), SITE_ORIGIN), init);
    const url = new URL(request.url);
    if (url.origin !== SITE_ORIGIN) throw new TypeError(`the site's code fetched another origin: ${request.url}`);
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    headers.host = url.host;
    headers["sec-fetch-site"] = "same-origin";
    if (!["GET", "HEAD"].includes(request.method)) headers.origin = SITE_ORIGIN;
    if (request.credentials !== "omit" && cookies.size)
      headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const body = ["GET", "HEAD"].includes(request.method) ? undefined : Buffer.from(await request.arrayBuffer());
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const answer = await app.inject({
      method: request.method as "GET",
      url: url.pathname + url.search,
      headers,
      payload: body?.length ? body : undefined,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : [value])
        if (one !== undefined) responseHeaders.append(name, String(one));
    }
    for (const setCookie of responseHeaders.getSetCookie()) keepCookie(cookies, setCookie);
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || request.method === "HEAD";
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: responseHeaders,
    });
  };
  return { fetch: fetchViaInject as typeof fetch, cookies, requests };
}

/** Applies one Set-Cookie header: a value kept, or removed when it has expired (logout). */
function keepCookie(cookies: Map<string, string>, header: string) {
  const [pair, ...attributes] = header.split(";");
  const at = pair!.indexOf("=");
  const name = pair!.slice(0, at).trim();
  const value = pair!.slice(at + 1).trim();
  const attribute = (key: string) =>
    attributes
      .map((a) => a.trim())
      .find((a) => a.toLowerCase().startsWith(`${key}=`))
      ?.slice(key.length + 1);
  const maxAge = attribute("max-age");
  const expires = attribute("expires");
  const gone =
    value === "" ||
    (maxAge !== undefined && Number(maxAge) <= 0) ||
    (expires !== undefined && Date.parse(expires) <= Date.now());
  if (gone) cookies.delete(name);
  else cookies.set(name, value);
}

/**
 * The one way browser code calls the server: same-origin, cookies included (the session cookie
 * rbac.subject.jwt authorizes), `{ data }` bodies, and the JSON error body (docs/api.md "Errors") turned into an
 * ApiError whose message joins the body's message, its cause entries, and the status, with ' | '.
 * Callers show `error.message` in a toast.
 */
export interface CauseEntry {
  path?: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly cause: CauseEntry[],
    /** The error body's `data`, when it has one (a 412's current record). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Query;
  /** Sent as JSON; plain objects are wrapped as `{ data }` unless `raw` is set. */
  body?: unknown;
  raw?: boolean;
  /** Multipart instead of JSON (file uploads): a `data` JSON field plus the files. */
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Return the whole answer (`{ data, … }`) rather than its `data`. */
  envelope?: boolean;
  /** Called with a successful answer's headers (the admin keeps a record's ETag). */
  onHeaders?: (headers: Headers) => void;
}

export function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}${path.includes("?") ? "&" : "?"}${text}` : path;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: { message?: string; code?: string; cause?: CauseEntry[]; data?: unknown } = {};
  try {
    body = await response.json();
  } catch {
    /* not JSON: the status line says enough */
  }
  const cause = Array.isArray(body.cause) ? body.cause : [];
  const parts = [
    body.message,
    ...cause.map((c) => (c.path ? `${c.path}: ${c.message}` : c.message)),
    `${response.status} ${response.statusText}`.trim(),
  ].filter((part): part is string => Boolean(part));
  return new ApiError(parts.join(" | "), response.status, body.code, cause, body.data);
}

/**
 * What a screen does when a call answers 401: renew the session (or ask the person to sign in
 * again) and say whether the call may be sent once more. The admin sets one (its session
 * keeper); the site keeps its own session store and sets none.
 */
export type UnauthorizedHandler = () => Promise<boolean>;
let unauthorized: UnauthorizedHandler | undefined;

export function onUnauthorized(handler: UnauthorizedHandler | undefined) {
  unauthorized = handler;
}

const AUTHENTICATION = "/api/rbac/subjects/authentication/";
/** Sign-in, refresh and logout answer 401 about the credentials they were given: no renewal can cure that. */
const renewable = (path: string) => !path.startsWith(AUTHENTICATION) || path.startsWith(`${AUTHENTICATION}me`);

/** Calls the API and returns the answer's `data` (or the whole body when it has none). */
export async function api<T = unknown>(path: string, options: CallOptions = {}): Promise<T> {
  try {
    return await call<T>(path, options);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401 && unauthorized && renewable(path))) throw error;
    if (!(await unauthorized())) throw error;
    return call<T>(path, options);
  }
}

async function call<T>(path: string, options: CallOptions): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.raw ? options.body : { data: options.body });
  }
  const response = await fetch(withQuery(path, options.query), {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    credentials: "include",
    signal: options.signal,
  });
  if (!response.ok) throw await errorFrom(response);
  options.onHeaders?.(response.headers);
  if (response.status === 204) return undefined as T;
  const json = (await response.json()) as { data?: T };
  if (options.envelope) return json as T;
  return (json && typeof json === "object" && "data" in json ? json.data : json) as T;
}

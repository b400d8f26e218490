// One error registry: each code has its HTTP status and the message class clients expect (docs/api.md "Errors").
export const errorCodes = {
  VALIDATION_ERROR: { status: 400, error: "Bad Request", prefix: "Validation error" },
  AUTHENTICATION_ERROR: { status: 401, error: "Unauthorized", prefix: "Authentication error" },
  PERMISSION_ERROR: { status: 403, error: "Forbidden", prefix: "Permission error" },
  NOT_FOUND: { status: 404, error: "Not Found", prefix: "Not Found error" },
  CONFLICT: { status: 409, error: "Conflict", prefix: "Conflict error" },
  // A write's If-Match names a state the record has since left (someone else saved it meanwhile).
  PRECONDITION_FAILED: { status: 412, error: "Precondition Failed", prefix: "Precondition Failed error" },
  PAYLOAD_TOO_LARGE: { status: 413, error: "Payload Too Large", prefix: "Payload Too Large error" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: "Unsupported Media Type", prefix: "Validation error" },
  RATE_LIMIT: { status: 429, error: "Too Many Requests", prefix: "Rate limit error" },
  INTERNAL_ERROR: { status: 500, error: "Internal Server Error", prefix: "Internal error" },
  BAD_GATEWAY: { status: 502, error: "Bad Gateway", prefix: "Payment provider error" },
  REMOTE_ERROR: { status: 502, error: "Bad Gateway", prefix: "Remote file error" },
  REMOTE_TIMEOUT: { status: 504, error: "Gateway Timeout", prefix: "Remote file error" },
  SERVICE_UNAVAILABLE: { status: 503, error: "Service Unavailable", prefix: "Service Unavailable error" },
  // The database cannot be reached (restart, failover, terminated connections): try again shortly.
  DATABASE_UNAVAILABLE: { status: 503, error: "Service Unavailable", prefix: "Service Unavailable error" },
} as const;

export type ErrorCode = keyof typeof errorCodes;

export interface ErrorCause {
  path: string;
  message: string;
}

/**
 * An error body stays small whatever the request held: at most this many causes (a body of
 * 40,000 unknown keys is not answered with 40,000 lines), each path and message cut short.
 */
export const MAX_CAUSES = 20;
const MAX_TEXT = 200;
const short = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly causes: ErrorCause[];
  /** What the error body carries besides the message (a 412's current record), when anything. */
  data?: unknown;

  constructor(code: ErrorCode, detail: string, causes: ErrorCause[] = []) {
    super(`${errorCodes[code].prefix}: ${detail}`);
    this.code = code;
    this.status = errorCodes[code].status;
    this.causes = causes.slice(0, MAX_CAUSES).map((c) => ({ path: short(c.path), message: short(c.message) }));
  }
}

export const validationError = (detail: string, causes: ErrorCause[] = []) =>
  new AppError("VALIDATION_ERROR", detail, causes);

/**
 * A Validation error whose message lists its causes, as `Validation error: /slug must be string`;
 * past MAX_CAUSES it says how many more there are.
 */
export function validationErrorFromCauses(causes: ErrorCause[]) {
  const listed = causes
    .slice(0, MAX_CAUSES)
    .map((c) => `${short(c.path || "/")} ${short(c.message)}`)
    .join(", ");
  const more = causes.length > MAX_CAUSES ? ` and ${causes.length - MAX_CAUSES} more` : "";
  return validationError(listed + more, causes);
}

export const notFound = (what: string) => new AppError("NOT_FOUND", what);

/** What a request that needed the database gets while it cannot be reached. */
export const databaseUnavailable = () =>
  new AppError("DATABASE_UNAVAILABLE", "the database cannot be reached; try again shortly");

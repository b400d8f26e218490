// One error registry: each code has its HTTP status and the message class clients expect (API.md).
export const errorCodes = {
  VALIDATION_ERROR: { status: 400, error: "Bad Request", prefix: "Validation error" },
  AUTHENTICATION_ERROR: { status: 401, error: "Unauthorized", prefix: "Authentication error" },
  PERMISSION_ERROR: { status: 403, error: "Forbidden", prefix: "Permission error" },
  NOT_FOUND: { status: 404, error: "Not Found", prefix: "Not Found error" },
  CONFLICT: { status: 409, error: "Conflict", prefix: "Conflict error" },
  PAYLOAD_TOO_LARGE: { status: 413, error: "Payload Too Large", prefix: "Payload Too Large error" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: "Unsupported Media Type", prefix: "Validation error" },
  RATE_LIMIT: { status: 429, error: "Too Many Requests", prefix: "Rate limit error" },
  INTERNAL_ERROR: { status: 500, error: "Internal Server Error", prefix: "Internal error" },
  BAD_GATEWAY: { status: 502, error: "Bad Gateway", prefix: "Payment provider error" },
  REMOTE_ERROR: { status: 502, error: "Bad Gateway", prefix: "Remote file error" },
  REMOTE_TIMEOUT: { status: 504, error: "Gateway Timeout", prefix: "Remote file error" },
} as const;

export type ErrorCode = keyof typeof errorCodes;

export interface ErrorCause {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly causes: ErrorCause[];

  constructor(code: ErrorCode, detail: string, causes: ErrorCause[] = []) {
    super(`${errorCodes[code].prefix}: ${detail}`);
    this.code = code;
    this.status = errorCodes[code].status;
    this.causes = causes;
  }
}

export const validationError = (detail: string, causes: ErrorCause[] = []) =>
  new AppError("VALIDATION_ERROR", detail, causes);

/** A Validation error whose message lists its causes, as `Validation error: /slug must be string`. */
export const validationErrorFromCauses = (causes: ErrorCause[]) =>
  validationError(causes.map((c) => `${c.path || "/"} ${c.message}`).join(", "), causes);

export const notFound = (what: string) => new AppError("NOT_FOUND", what);

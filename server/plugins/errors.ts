import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../../engine/db/connection-errors.js";
import { AppError, databaseUnavailable, type ErrorCode } from "../../engine/errors.js";
import { securityHeaders } from "../security/security-headers.js";

const codeForStatus: Record<number, ErrorCode> = {
  400: "VALIDATION_ERROR",
  401: "AUTHENTICATION_ERROR",
  403: "PERMISSION_ERROR",
  404: "NOT_FOUND",
  409: "CONFLICT",
  412: "PRECONDITION_FAILED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMIT",
};

/**
 * Any thrown error as an AppError: ours as they are, a database that cannot be reached a 503
 * (its restart is not a bug), Fastify's 4xx by status, the rest a 500.
 */
export function toAppError(error: unknown, production: boolean): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const e = error as FastifyError;
  const code = typeof e?.statusCode === "number" ? codeForStatus[e.statusCode] : undefined;
  if (code) return new AppError(code, e.message);
  return new AppError("INTERNAL_ERROR", production ? "something went wrong" : (e?.message ?? String(error)));
}

/**
 * The error body (docs/api.md "Errors"). `error` carries the whole message, not the status phrase: the original
 * client's error reader takes `error` first and shows it, and reads a bare "Unauthorized" as an
 * expired session (a wrong password would sign the visitor out). The phrase is the HTTP status line.
 */
export const errorBody = (error: AppError, requestId: string) => ({
  status: error.status,
  error: error.message,
  code: error.code,
  message: error.message,
  cause: error.causes,
  requestId,
  // A 412 carries the record as it is now, so the client can show what the other editor saved.
  ...(error.data === undefined ? {} : { data: error.data }),
});

/** What each error Fastify raises before routing says, in words that never repeat the address. */
const beforeRouting: Record<string, string> = {
  FST_ERR_BAD_URL: "the address is not a valid URL (a % must start a valid escape such as %20)",
  FST_ERR_MAX_PARAM_LENGTH: "a segment of the address is too long",
};

/**
 * Errors Fastify raises before routing (a malformed URL escape, an over-long segment) answer
 * with the same body. No hook runs for them, so the security headers are set here; and the
 * message is fixed: Fastify's own repeats the raw address, which is the caller's text.
 */
export function frameworkErrors(production: boolean) {
  const headers = securityHeaders(production);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const message = beforeRouting[error.code] ?? "the request could not be routed";
    return reply
      .headers(headers)
      .status(400)
      .send(errorBody(new AppError("VALIDATION_ERROR", message), String(request.id)));
  };
}

/** Every error leaves as that JSON body: never HTML, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance, production: boolean) {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error, production);
    // A 503 while shutting down is expected, not a failure worth an error line per health check;
    // one while the database is away is worth a warning (the database's own error, no stack).
    if (appError.code === "DATABASE_UNAVAILABLE") {
      request.log.warn(
        { cause: (error as Error)?.message ?? String(error) },
        "request failed: the database cannot be reached",
      );
      // Clients and balancers that honour it come back once a restart or failover is likely over.
      void reply.header("retry-after", "5");
    } else if (appError.status >= 500 && appError.code !== "SERVICE_UNAVAILABLE")
      request.log.error({ err: error }, "request failed");
    return reply.status(appError.status).send(errorBody(appError, request.id));
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new AppError("NOT_FOUND", `no route ${request.method} ${request.url.split("?")[0]}`);
    return reply.status(404).send(errorBody(error, request.id));
  });
}

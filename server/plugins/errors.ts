import type { FastifyError, FastifyInstance } from "fastify";
import { AppError, errorCodes, type ErrorCode } from "../../engine/errors.js";

const codeForStatus: Record<number, ErrorCode> = {
  400: "VALIDATION_ERROR",
  401: "AUTHENTICATION_ERROR",
  403: "PERMISSION_ERROR",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMIT",
};

/** Any thrown error as an AppError: ours as they are, Fastify's 4xx by status, the rest a 500. */
export function toAppError(error: unknown, production: boolean): AppError {
  if (error instanceof AppError) return error;
  const e = error as FastifyError;
  const code = typeof e?.statusCode === "number" ? codeForStatus[e.statusCode] : undefined;
  if (code) return new AppError(code, e.message);
  return new AppError("INTERNAL_ERROR", production ? "something went wrong" : (e?.message ?? String(error)));
}

/** Every error leaves as API.md's JSON body: never HTML, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance, production: boolean) {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error, production);
    if (appError.status >= 500) request.log.error({ err: error }, "request failed");
    const { status, error: name } = { status: appError.status, error: errorCodes[appError.code].error };
    return reply.status(status).send({
      status,
      error: name,
      code: appError.code,
      message: appError.message,
      cause: appError.causes,
      requestId: request.id,
    });
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new AppError("NOT_FOUND", `no route ${request.method} ${request.url.split("?")[0]}`);
    return reply.status(404).send({
      status: 404, error: "Not Found", code: error.code, message: error.message, cause: [], requestId: request.id,
    });
  });
}

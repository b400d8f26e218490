import type { FastifyRequest } from "fastify";
import { AppError } from "../../../../engine/errors.js";

/** The signed-in subject's id, or Authentication error. */
export function signedInSubject(request: FastifyRequest): string {
  if (request.caller.kind !== "subject") throw new AppError("AUTHENTICATION_ERROR", "sign in first");
  return request.caller.subjectId;
}

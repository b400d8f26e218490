import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import type { Config } from "./config.js";
import { redactedRequest, redactUrl } from "./security/log-redaction.js";

/** Every request's `req` with its url redacted (server/security/log-redaction.ts): links' tokens stay out of logs. */
const serializers = { req: redactedRequest };

/**
 * pino's options for the app: JSON lines (what a log collector reads) unless LOG_FORMAT is
 * "pretty", which development on a terminal gets by default: one readable, coloured line per
 * entry. pino-pretty is loaded only then, as a stream in this thread (no worker to flush on exit).
 * A caller's own stream (tests reading the log) gets JSON lines. The pretty line of a request
 * leaves out its req/res objects: the message already says method, path, status and time.
 */
export async function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
): Promise<FastifyServerOptions["logger"]> {
  if (stream) return { level: config.logLevel, serializers, stream };
  if (config.logFormat !== "pretty") return { level: config.logLevel, serializers };
  const { default: pretty } = await import("pino-pretty");
  return {
    level: config.logLevel,
    serializers,
    stream: pretty({
      colorize: true,
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "pid,hostname,req,res,responseTime",
      singleLine: true,
      sync: true,
    }),
  };
}

/**
 * Development logs one line per request, when it is answered, saying what it was
 * ("GET /api/health 200 in 3 ms"): Fastify's default of an arrival and a completion line at
 * info doubles a terminal's scrolling. The arrival stays, at debug. Production keeps Fastify's
 * two lines at info (a request that never completes still shows in a log collector).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} in ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, line);
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, line);
  }
}

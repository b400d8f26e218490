import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config.js";

/**
 * pino's options for the app: JSON lines (what a log collector reads) unless LOG_FORMAT is
 * "pretty", which development on a terminal gets by default: one readable, coloured line per
 * entry. pino-pretty is loaded only then, as a stream in this thread (no worker to flush on exit).
 * A caller's own stream (tests reading the log) gets JSON lines.
 */
export async function loggerOptions(config: Config, stream?: { write(line: string): void }): Promise<FastifyServerOptions["logger"]> {
  if (stream) return { level: config.logLevel, stream };
  if (config.logFormat !== "pretty") return { level: config.logLevel };
  const { default: pretty } = await import("pino-pretty");
  return { level: config.logLevel, stream: pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", singleLine: true, sync: true }) };
}

import type { FastifyReply } from "fastify";
import { PassThrough } from "node:stream";

/** A comment line this often keeps proxies from closing an idle stream and finds a client gone without a word. */
export const KEEP_ALIVE_MS = 15_000;

/**
 * A server-sent events answer (text/event-stream) sent through Fastify, not around it: the
 * answer's hooks run (security headers, the draining count, which is done once the headers
 * leave), `no-transform` keeps the compression hook from buffering it, `X-Accel-Buffering: no`
 * asks a proxy in front (nginx) the same. `onClose` runs once, when the client leaves or `end`
 * is called.
 */
export class EventStream {
  private readonly body = new PassThrough();
  private readonly keepAlive: NodeJS.Timeout;
  private closed = false;

  constructor(reply: FastifyReply, onClose: () => void) {
    reply
      .header("content-type", "text/event-stream; charset=utf-8")
      .header("cache-control", "no-cache, no-store, no-transform")
      .header("x-accel-buffering", "no");
    this.keepAlive = setInterval(() => this.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
    this.keepAlive.unref();
    const close = () => {
      if (this.closed) return;
      this.closed = true;
      clearInterval(this.keepAlive);
      onClose();
    };
    reply.raw.once("close", close);
    this.body.once("close", close);
    // How long the browser waits before connecting again after the stream drops.
    this.write("retry: 3000\n\n");
    void reply.send(this.body);
  }

  /** Sends one event: its name and its data as one JSON line. */
  send(event: string, data: unknown): void {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Ends the answer (the server closes): the browser connects again, to this instance or another. */
  end(): void {
    if (!this.body.writableEnded) this.body.end();
  }

  private write(text: string): void {
    if (!this.closed && !this.body.writableEnded) this.body.write(text);
  }
}

import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The message as the receiver's library read it, or why it refused it. */
  verified: { ok: true; payload: any } | { ok: false; error: string };
}

/**
 * A webhook receiver on 127.0.0.1 (a real peer, as a customer's server would be): it checks each
 * message with the `standardwebhooks` package against the secrets it was given, records it,
 * and answers with the next scripted status (200 once the script is spent).
 */
export class Receiver {
  readonly received: Received[] = [];
  secrets: string[] = [];
  statuses: number[] = [];
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        this.received.push({ headers: request.headers, body, verified: this.verify(body, request.headers) });
        const status = this.statuses.shift() ?? 200;
        response.writeHead(status, { "content-type": "text/plain" });
        response.end(status < 300 ? "thanks" : `failed with ${status}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/hook`;
  }

  /** Verified with any of the secrets (a rolled secret: the receiver may know only the new one). */
  private verify(body: string, headers: IncomingHttpHeaders): Received["verified"] {
    const flat = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)]));
    let error = "no secret";
    for (const secret of this.secrets) {
      try {
        return { ok: true, payload: new Webhook(secret).verify(body, flat) };
      } catch (e) {
        error = (e as Error).message;
      }
    }
    return { ok: false, error };
  }

  reset(): void {
    this.received.length = 0;
    this.statuses = [];
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the provider received it. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface ProviderServer {
  /** http://127.0.0.1:{port}, the provider's base URL in the settings. */
  url: string;
  received: Received[];
  /** Answers the next requests with this status and body instead of the normal answer. */
  failNext(status: number, body: string): void;
  close(): Promise<void>;
}

/**
 * A provider's API on loopback (127.0.0.1, a free port), speaking its documented protocol through
 * `answer`; every request is recorded as received so a test can check what was sent (amount
 * format, auth, signature headers). `GET /pay/{id}` is the payment page a payer lands on.
 */
/** A provider's answer: JSON unless `type` says otherwise. */
export interface Answer {
  status?: number;
  type?: string;
  body: string;
}

/** `answer` may be async: a peer that holds its answer until the test lets it go (a slow provider). */
export async function startProviderServer(
  name: string,
  answer: (request: Received, server: ProviderServer) => Answer | Promise<Answer>,
): Promise<ProviderServer> {
  let failure: { status: number; body: string } | undefined;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const received: Received = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      if (received.method === "GET" && received.path.startsWith("/pay/")) {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><title>${name} payment</title><h1 id="provider">${name}</h1><p id="payment">${received.path.slice(5)}</p>`,
        );
        return;
      }
      provider.received.push(received);
      const failed = failure;
      failure = undefined;
      const reply: Answer = failed ?? (await answer(received, provider));
      if (response.destroyed) return; // closed while the answer was held
      response.writeHead(reply.status ?? 200, { "content-type": reply.type ?? "application/json" });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const provider: ProviderServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: [],
    failNext(status, body) {
      failure = { status, body };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return provider;
}

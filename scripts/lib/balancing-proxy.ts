import http from "node:http";

/**
 * A load balancer in miniature, in this process, for benchmarks that run several instances of the
 * server (bench:instances): round-robin over the instances it believes healthy, each checked with
 * `GET /api/health` every `checkEveryMs` (out at the first failure: a 503 while it drains, a refused
 * connection, no answer within `checkTimeoutMs`; back in after `upAfter` good checks in a row), and
 * a request retried on another instance only when it cannot have been handled twice (see `retryable`).
 * Requests are read whole before they are forwarded (the bodies here are small), so a retry can
 * send them again. Each answer names the instance that gave it in `x-served-by`.
 */

export interface Upstream {
  name: string;
  port: number;
}

/** Something the balancer saw, with when (performance.now()). */
export interface BalancerEvent {
  at: number;
  instance: string;
  what: "down" | "up";
  why: string;
}

export interface BalancerStats {
  /** Requests forwarded again to another instance, by the reason (`refused`, `reset before any answer byte`). */
  retries: Map<string, number>;
  /** Requests answered by the proxy itself (502: the instance failed and a retry was not safe; 503: no instance left to try). */
  ownAnswers: Map<string, number>;
  /** Answers an instance began and did not finish (its connection cut mid-answer): the client's connection is cut too. */
  cutAnswers: number;
  /** Answers given, per instance. */
  served: Map<string, number>;
}

/** Methods HTTP defines as idempotent: sending one twice leaves the same state as sending it once. */
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Headers of one connection, not of the message: never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/**
 * Whether a request whose forwarding failed before any byte of an answer may be sent to another
 * instance:
 * - connection refused (ECONNREFUSED): nothing listens on the port (an instance that stopped, or
 *   is not up yet). The connection never opened, so no instance saw a byte of the request: safe
 *   for every method, a POST included.
 * - connection reset, or closed, before any byte of the answer (ECONNRESET, "socket hang up"):
 *   most often a kept-alive connection the instance closed as idle just as the request was written
 *   on it, and the instance never read it. But a reset looks the same when the instance read the
 *   request, began (or committed) the write, and then died; from here the two cannot be told apart.
 *   So only the idempotent methods are sent again (a second GET changes nothing; PUT and DELETE
 *   leave the state they would leave once). A POST or PATCH gets a 502 and its client decides.
 * Nothing is retried once an answer has begun: the instance handled the request.
 */
export function retryable(method: string, error: NodeJS.ErrnoException): string | undefined {
  if (error.code === "ECONNREFUSED") return "refused";
  if (error.code === "ECONNRESET" && IDEMPOTENT.has(method)) return "reset before any answer byte";
  return undefined;
}

interface Instance extends Upstream {
  healthy: boolean;
  goodChecks: number;
  checking: boolean;
  agent: http.Agent;
}

export class BalancingProxy {
  readonly events: BalancerEvent[] = [];
  readonly stats: BalancerStats = { retries: new Map(), ownAnswers: new Map(), cutAnswers: 0, served: new Map() };
  /** Called as each event happens (printing, waiting for one). */
  onEvent?: (event: BalancerEvent) => void;
  port = 0;
  private readonly instances: Instance[];
  private next = 0;
  private server?: http.Server;
  private timer?: NodeJS.Timeout;

  constructor(
    upstreams: Upstream[],
    private readonly options: { checkEveryMs: number; checkTimeoutMs: number; upAfter: number },
  ) {
    // Instances start healthy: the caller starts the balancer once each has said it is ready.
    this.instances = upstreams.map((u) => ({
      ...u,
      healthy: true,
      goodChecks: 0,
      checking: false,
      agent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    }));
  }

  async start(): Promise<string> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => this.forward(request, response, Buffer.concat(chunks), new Set()));
    });
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as { port: number }).port;
    this.timer = setInterval(() => {
      for (const instance of this.instances) void this.check(instance);
    }, this.options.checkEveryMs);
    return `http://127.0.0.1:${this.port}`;
  }

  async stop() {
    clearInterval(this.timer);
    for (const instance of this.instances) instance.agent.destroy();
    const server = this.server;
    this.server = undefined;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  isHealthy(name: string) {
    return this.instances.find((i) => i.name === name)?.healthy ?? false;
  }

  private mark(instance: Instance, healthy: boolean, why: string) {
    if (instance.healthy === healthy) return;
    instance.healthy = healthy;
    const event: BalancerEvent = { at: performance.now(), instance: instance.name, what: healthy ? "up" : "down", why };
    this.events.push(event);
    this.onEvent?.(event);
  }

  private async check(instance: Instance) {
    if (instance.checking) return;
    instance.checking = true;
    try {
      const status = await this.health(instance.port);
      if (status === 200) {
        instance.goodChecks++;
        if (instance.goodChecks >= this.options.upAfter) this.mark(instance, true, "health 200");
      } else {
        instance.goodChecks = 0;
        this.mark(instance, false, `health ${status}`);
      }
    } catch (error) {
      instance.goodChecks = 0;
      this.mark(instance, false, `health check: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    } finally {
      instance.checking = false;
    }
  }

  /** GET /api/health on a connection of its own (no pool), as a balancer's probe opens one: the status. */
  private health(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = http.get(
        { host: "127.0.0.1", port, path: "/api/health", agent: false, timeout: this.options.checkTimeoutMs },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", reject);
        },
      );
      request.on("timeout", () => request.destroy(Object.assign(new Error("no answer in time"), { code: "TIMEOUT" })));
      request.on("error", reject);
    });
  }

  /**
   * The next instance in turn among the healthy ones not tried yet for this request; when none is
   * believed healthy, any not tried yet (a balancer fails open rather than turn everyone away
   * because its checks were slow).
   */
  private pick(tried: Set<string>): Instance | undefined {
    const untried = this.instances.filter((i) => !tried.has(i.name));
    const candidates = untried.some((i) => i.healthy) ? untried.filter((i) => i.healthy) : untried;
    if (candidates.length === 0) return undefined;
    for (let n = 0; n < this.instances.length; n++) {
      const instance = this.instances[(this.next + n) % this.instances.length]!;
      if (candidates.includes(instance)) {
        this.next = (this.next + n + 1) % this.instances.length;
        return instance;
      }
    }
    return candidates[0];
  }

  private ownAnswer(response: http.ServerResponse, status: number, why: string) {
    const key = `${status} ${why}`;
    this.stats.ownAnswers.set(key, (this.stats.ownAnswers.get(key) ?? 0) + 1);
    const body = JSON.stringify({
      error: { code: status === 502 ? "BAD_GATEWAY" : "SERVICE_UNAVAILABLE", message: why },
    });
    response.writeHead(status, { "content-type": "application/json", "x-served-by": "proxy" }).end(body);
  }

  private forward(request: http.IncomingMessage, response: http.ServerResponse, body: Buffer, tried: Set<string>) {
    const instance = this.pick(tried);
    if (!instance) return this.ownAnswer(response, 503, "no instance left to try");
    tried.add(instance.name);
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    // The client's address added to the chain, as a balancer does (TRUST_PROXY names this hop).
    const client = request.socket.remoteAddress ?? "";
    const forwarded = request.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${client}` : client;
    if (body.length > 0 || request.headers["content-length"] !== undefined) headers["content-length"] = body.length;
    const upstream = http.request({
      host: "127.0.0.1",
      port: instance.port,
      method: request.method,
      path: request.url,
      headers,
      agent: instance.agent,
    });
    let answering = false;
    upstream.on("response", (answer) => {
      answering = true;
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
      out["x-served-by"] = instance.name;
      response.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(response);
      answer.on("end", () => this.stats.served.set(instance.name, (this.stats.served.get(instance.name) ?? 0) + 1));
      answer.on("error", () => {
        this.stats.cutAnswers++;
        response.destroy();
      });
    });
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (answering) return; // the answer's own error handler cuts the client's connection
      if (error.code === "ECONNREFUSED") this.mark(instance, false, "connection refused");
      const reason = retryable(request.method ?? "GET", error);
      if (reason) {
        this.stats.retries.set(reason, (this.stats.retries.get(reason) ?? 0) + 1);
        return this.forward(request, response, body, tried);
      }
      this.ownAnswer(response, 502, `${instance.name}: ${error.code ?? error.message} before any answer byte`);
    });
    upstream.end(body);
  }
}

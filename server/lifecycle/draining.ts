import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../engine/errors.js";
import { errorBody } from "../plugins/errors.js";

/** Where the server is in its life: serving, draining after SIGTERM, closed to new requests. */
export class Lifecycle {
  /** Set by SIGTERM: /api/health answers 503 from then on, so a load balancer stops sending. */
  draining = false;
  /** Set when the listener closes: a request still arriving (on a kept-alive connection) gets a 503. */
  closing = false;
  /** Requests between arrival and answer: what shutdown waits for. */
  inFlight = 0;
}

declare module "fastify" {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * Counts requests in flight and turns new ones away once the server is closing, with API.md's
 * error body (Fastify's own 503 has another shape; its `return503OnClosing` is off in app.ts).
 * While draining every answer carries `Connection: close`, so kept-alive connections end with
 * their last answer and the listener can close as soon as the requests in flight are done.
 */
export function registerDraining(app: FastifyInstance) {
  const lifecycle = new Lifecycle();
  app.decorate("lifecycle", lifecycle);
  const counted = new WeakSet<FastifyRequest>();
  const handling = new WeakSet<FastifyRequest>();
  const done = (request: FastifyRequest) => {
    if (counted.delete(request)) lifecycle.inFlight--;
  };
  app.addHook("onRequest", async (request, reply) => {
    if (lifecycle.closing) {
      const error = new AppError("SERVICE_UNAVAILABLE", "the server is shutting down; try again");
      return reply.status(503).header("connection", "close").send(errorBody(error, request.id));
    }
    counted.add(request);
    lifecycle.inFlight++;
  });
  app.addHook("preHandler", async (request) => {
    handling.add(request);
  });
  // A request is in flight until its answer is made (onSend), whether or not the client is still
  // there to read it: a handler whose client went away is still writing to the database. One whose
  // client left before its handler started (while its body was read) is over at once.
  app.addHook("onRequestAbort", async (request) => {
    if (!handling.has(request)) done(request);
  });
  app.addHook("onSend", async (request, reply) => {
    if (lifecycle.draining) reply.header("connection", "close");
    done(request);
  });
  app.addHook("onResponse", async (request) => done(request));
}

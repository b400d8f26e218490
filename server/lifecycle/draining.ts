import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../engine/errors.js";
import { errorBody } from "../plugins/errors.js";
import { OpenStreams } from "./open-streams.js";

/** Where the server is in its life: serving, draining after SIGTERM, closed to new requests. */
export class Lifecycle {
  /** Set by SIGTERM: /api/health answers 503 from then on, so a load balancer stops sending. */
  draining = false;
  /** Set when the listener closes: a request still arriving (on a kept-alive connection) gets a 503. */
  closing = false;
  /** Requests between arrival and answer: what shutdown waits for. */
  inFlight = 0;
  /** Answers kept open (event streams): ended on close, which would otherwise wait for them. */
  readonly streams = new OpenStreams();
}

declare module "fastify" {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * Counts requests in flight and turns new ones away once the server is closing, with the JSON
 * error body (docs/api.md "Errors") (Fastify's own 503 has another shape; its `return503OnClosing` is off in app.ts).
 * While draining every answer carries `Connection: close`, so kept-alive connections end with
 * their last answer and the listener can close as soon as the requests in flight are done.
 */
export function registerDraining(app: FastifyInstance) {
  const lifecycle = new Lifecycle();
  app.decorate("lifecycle", lifecycle);
  // Before Fastify closes its listener (its close waits for every open answer): a stream still
  // open would hold app.close() forever.
  app.addHook("preClose", (done) => {
    lifecycle.streams.endAll();
    done();
  });
  // Where each request is, in a slot every request object has from the start (one shape, no
  // WeakSet look-ups); the hooks are callback style, so a request pays no promise for them.
  app.decorateRequest("drainState", NOT_COUNTED);
  const done = (request: FastifyRequest) => {
    if (request.drainState === NOT_COUNTED) return;
    request.drainState = NOT_COUNTED;
    lifecycle.inFlight--;
  };
  app.addHook("onRequest", (request, reply, next) => {
    if (lifecycle.closing) {
      const error = new AppError("SERVICE_UNAVAILABLE", "the server is shutting down; try again");
      return reply.status(503).header("connection", "close").send(errorBody(error, request.id));
    }
    request.drainState = COUNTED;
    lifecycle.inFlight++;
    next();
  });
  app.addHook("preHandler", (request, _reply, next) => {
    if (request.drainState === COUNTED) request.drainState = HANDLING;
    next();
  });
  // A request is in flight until its answer is made (onSend), whether or not the client is still
  // there to read it: a handler whose client went away is still writing to the database. One whose
  // client left before its handler started (while its body was read) is over at once.
  app.addHook("onRequestAbort", (request, next) => {
    if (request.drainState === COUNTED) done(request);
    next();
  });
  // Every answer passes here, an error's too (no route hijacks its reply). No onResponse hook: a
  // route without one spares Fastify watching its response's finish.
  app.addHook("onSend", (request, reply, payload, next) => {
    if (lifecycle.draining) reply.header("connection", "close");
    done(request);
    next(null, payload);
  });
}

/** Not (or no longer) in flight; in flight; in flight with its handler started. */
const NOT_COUNTED = 0;
const COUNTED = 1;
const HANDLING = 2;

declare module "fastify" {
  interface FastifyRequest {
    /** registerDraining's bookkeeping: NOT_COUNTED, COUNTED or HANDLING. */
    drainState: number;
  }
}

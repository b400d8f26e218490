/**
 * Messages between the instances on one database that are not changes of rows (those go through
 * the change feed): an admin tab's presence on a record, say. Sent with NOTIFY on the change
 * channel (server/plugins/shared-changes.ts), heard by every other instance; with the embedded
 * database there is one instance and nothing to send.
 */
export interface PeerMessages {
  /** Tells the other instances; at most a few hundred bytes (NOTIFY takes 8,000). */
  send(kind: string, body: unknown): void;
  /** `handler` hears every other instance's messages of `kind`. */
  on(kind: string, handler: (body: unknown) => void): void;
  /** `handler` hears that the connection dropped and came back: messages sent meanwhile were lost. */
  onGap(handler: () => void): void;
}

declare module "fastify" {
  interface FastifyInstance {
    /** What the instances on one database tell each other besides changes (peer-messages.ts). */
    peers: PeerMessages;
  }
}

/** The receiving half: what shared-changes.ts hands each heard message and each gap to. */
export class PeerInbox implements PeerMessages {
  private readonly handlers = new Map<string, ((body: unknown) => void)[]>();
  private readonly gapHandlers: (() => void)[] = [];

  constructor(readonly send: (kind: string, body: unknown) => void) {}

  on(kind: string, handler: (body: unknown) => void) {
    this.handlers.set(kind, [...(this.handlers.get(kind) ?? []), handler]);
  }

  onGap(handler: () => void) {
    this.gapHandlers.push(handler);
  }

  receive(kind: string, body: unknown) {
    for (const handler of this.handlers.get(kind) ?? []) handler(body);
  }

  gap() {
    for (const handler of this.gapHandlers) handler();
  }
}

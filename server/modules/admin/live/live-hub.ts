import type { FastifyInstance, FastifyReply } from "fastify";
import { randomUUID } from "node:crypto";
import { etagOfRecord } from "../../../../common/record-etag.js";
import { EventStream } from "./event-stream.js";
import { PeerPresence, presenceMessage, type PresenceMessage } from "./peer-presence.js";
import { PRESENCE_TTL_MS, PresenceBoard, type Person, type RecordRef } from "./presence-board.js";
import { RecordWatch } from "./record-watch.js";

/** How often screens left without a heartbeat are dropped. */
const SWEEP_MS = PRESENCE_TTL_MS / 3;

/** Tells the other instances where a tab of this one is. */
const PRESENCE = "admin-presence";

/**
 * The admin's live streams on this instance (docs/admin.md, "Two editors on one page"): one per
 * admin tab, carrying `hello` (the tab's stream id), `presence` (who else, on any instance, has the
 * tab's record open) and `changed` (a record the tab shows or watches was saved).
 */
export class LiveHub {
  private readonly streams = new Map<string, EventStream>();
  private readonly board = new PresenceBoard((records) => this.tellPresence(records));
  /** The other instances' tabs that show a record (heard through app.peers). */
  private readonly peers = new PeerPresence();
  private readonly watch: RecordWatch;

  constructor(private readonly app: FastifyInstance) {
    this.watch = new RecordWatch(
      (model, ids) => this.etags(model, ids),
      () => this.board.followed(),
      (record, etag) => this.tellChanged(record, etag),
      (err) => app.log.error({ err }, "live stream: reading saved records failed"),
    );
    const stop = this.watch.listen(
      app.changes,
      app.registry.exposed.map((m) => m.id),
    );
    app.peers.on(PRESENCE, (body) => {
      const message = presenceMessage(body);
      if (message) this.tellPresence(this.peers.heard(message, Date.now()));
    });
    app.peers.onGap(() => this.tellPresence(this.peers.clear()));
    const sweep = setInterval(() => {
      this.board.expire(Date.now());
      this.tellPresence(this.peers.expire(Date.now()));
      this.watch.prune();
    }, SWEEP_MS);
    sweep.unref();
    app.addHook("onClose", async () => {
      clearInterval(sweep);
      stop();
    });
  }

  /** Opens a tab's stream for this signed-in admin. */
  async open(reply: FastifyReply, subjectId: string): Promise<void> {
    const email = await this.app.rbac.subjects.emailOf(subjectId);
    const person: Person = { subjectId, email, stream: randomUUID() };
    let forget = () => {};
    const stream = new EventStream(reply, () => {
      forget();
      this.streams.delete(person.stream);
      this.board.disconnect(person.stream);
      this.announce({ person, viewing: null });
    });
    forget = this.app.lifecycle.streams.hold(() => stream.end());
    this.streams.set(person.stream, stream);
    this.board.connect(person, Date.now());
    stream.send("hello", { stream: person.stream, subjectId });
  }

  /** Whether `stream` is this subject's open stream here. */
  owns(stream: string, subjectId: string): boolean {
    return this.board.owns(stream, subjectId);
  }

  /** A tab's heartbeat: the record its screen shows and those it watches. */
  async view(stream: string, viewing: RecordRef | undefined, watching: RecordRef[]): Promise<void> {
    await this.watch.start([...(viewing ? [viewing] : []), ...watching]);
    const moved = this.board.view(stream, viewing, watching, Date.now());
    // Every heartbeat, not only a move: the other instances forget a tab they stop hearing of.
    const person = this.board.person(stream);
    if (person) this.announce({ person, viewing: viewing ?? null });
    // A screen reconnected (a new stream) or asking again gets the list even when nobody moved.
    if (viewing && !moved) this.tellPresence([viewing], stream);
  }

  get openStreams(): number {
    return this.streams.size;
  }

  private announce(message: PresenceMessage) {
    this.app.peers.send(PRESENCE, message);
  }

  private tellPresence(records: RecordRef[], only?: string) {
    for (const record of records) {
      const here = this.board.viewers(record);
      const viewers = [...here, ...this.peers.viewers(record)];
      for (const viewer of here) {
        if (only && viewer.stream !== only) continue;
        const people = viewers
          .filter((v) => v.stream !== viewer.stream)
          .map((v) => ({ subjectId: v.subjectId, email: v.email ?? null }));
        this.streams.get(viewer.stream)?.send("presence", { ...record, people });
      }
    }
  }

  private tellChanged(record: RecordRef, etag: string | null) {
    for (const stream of this.board.interested(record)) this.streams.get(stream)?.send("changed", { ...record, etag });
  }

  private async etags(model: string, ids: string[]): Promise<Map<string, string>> {
    const repository = this.app.repositories.get(model);
    if (!repository) return new Map();
    const rows = (await repository.listByIds(ids)) as Record<string, unknown>[];
    const etags = new Map<string, string>();
    for (const row of rows) {
      const etag = etagOfRecord(row);
      if (etag) etags.set(String(row.id), etag);
    }
    return etags;
  }
}

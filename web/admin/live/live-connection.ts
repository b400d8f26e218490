import { ApiError, api } from "../../api/client.js";

/** A record a screen shows or watches. */
export interface RecordRef {
  model: string;
  id: string;
}

/** Another admin tab showing the same record. */
export interface LivePerson {
  subjectId: string;
  email: string | null;
}

export type PresenceListener = (record: RecordRef, people: LivePerson[]) => void;
export type ChangedListener = (record: RecordRef, etag: string | null) => void;

/** What one mounted screen says it shows and watches. */
interface Screen {
  record?: RecordRef;
  watch: RecordRef[];
}

const STREAM = "/api/admin/live";
/** Well inside the server's 15 s: a screen stays present through one lost heartbeat. */
const HEARTBEAT_MS = 5_000;
/** How long to wait before opening the stream again after the server refused or dropped it. */
const RECONNECT_MS = 3_000;

/** How long the stream stays open with no screen, so moving between screens keeps it. */
const IDLE_MS = 2_000;

/**
 * The admin tab's one live stream (GET /api/admin/live, docs/admin.md "Two editors on one page"):
 * open while some screen of the tab shows or watches a record, closed when none does. The record
 * of the screen mounted last is the tab's presence; every screen's watched records are told when
 * saved. A heartbeat repeats them every few seconds; the server forgets a screen left silent.
 */
class LiveConnection {
  private source?: EventSource;
  private stream?: string;
  private subjectId?: string;
  private heartbeat?: ReturnType<typeof setInterval>;
  private reconnect?: ReturnType<typeof setTimeout>;
  private idle?: ReturnType<typeof setTimeout>;
  private readonly screens = new Map<number, Screen>();
  private next = 0;
  private readonly presence = new Set<PresenceListener>();
  private readonly changed = new Set<ChangedListener>();

  /** The signed-in admin, once the stream said hello: their own other tabs are named as theirs. */
  get self(): string | undefined {
    return this.subjectId;
  }

  /** A screen's record and watched records; returns what forgets the screen. */
  show(screen: Screen): { leave(): void } {
    const id = ++this.next;
    this.screens.set(id, screen);
    clearTimeout(this.idle);
    this.open();
    this.beat();
    return {
      leave: () => {
        this.screens.delete(id);
        this.beat();
        // Closed a moment later: a screen that changes what it watches leaves and comes back at once.
        clearTimeout(this.idle);
        if (this.screens.size === 0) this.idle = setTimeout(() => this.screens.size === 0 && this.close(), IDLE_MS);
      },
    };
  }

  onPresence(listener: PresenceListener): () => void {
    this.presence.add(listener);
    return () => void this.presence.delete(listener);
  }

  onChanged(listener: ChangedListener): () => void {
    this.changed.add(listener);
    return () => void this.changed.delete(listener);
  }

  private open() {
    if (this.source || this.reconnect || typeof EventSource === "undefined") return;
    const source = new EventSource(STREAM, { withCredentials: true });
    this.source = source;
    source.addEventListener("hello", (event) => {
      const hello = JSON.parse((event as MessageEvent).data) as { stream: string; subjectId: string };
      this.stream = hello.stream;
      this.subjectId = hello.subjectId;
      this.beat();
    });
    source.addEventListener("presence", (event) => {
      const { people, ...record } = JSON.parse((event as MessageEvent).data) as RecordRef & { people: LivePerson[] };
      for (const listener of this.presence) listener(record, people);
    });
    source.addEventListener("changed", (event) => {
      const { etag, ...record } = JSON.parse((event as MessageEvent).data) as RecordRef & { etag: string | null };
      for (const listener of this.changed) listener(record, etag);
    });
    // The browser connects again by itself after a dropped stream, but not after an answer other
    // than 200 (a 503 while an instance shuts down, a 401 before the session was renewed).
    source.addEventListener("error", () => {
      this.stream = undefined;
      if (source.readyState === EventSource.CLOSED) this.restart();
    });
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
  }

  private close() {
    this.source?.close();
    this.source = undefined;
    this.stream = undefined;
    clearInterval(this.heartbeat);
    clearTimeout(this.reconnect);
    this.reconnect = undefined;
  }

  private restart() {
    this.close();
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      if (this.screens.size > 0) this.open();
    }, RECONNECT_MS);
  }

  /** Tells the server what this tab shows; a stream it does not know (another instance, expired) is opened again. */
  private beat() {
    const stream = this.stream;
    if (!stream) return;
    const screens = [...this.screens.values()];
    const record = [...screens].reverse().find((s) => s.record)?.record ?? null;
    const watch = screens.flatMap((s) => s.watch);
    api(`${STREAM}/presence`, { method: "POST", body: { stream, record, watch } }).catch((error) => {
      if (error instanceof ApiError && error.status === 404 && this.stream === stream) this.restart();
    });
  }
}

let connection: LiveConnection | undefined;

/** The tab's one connection. */
export function liveConnection(): LiveConnection {
  connection ??= new LiveConnection();
  return connection;
}

import { EVERYTHING, type ChangeFeed } from "../../../../engine/query/change-feed.js";
import { keyOf, type RecordRef } from "./presence-board.js";

/** The current ETags of these records of a model, by id; a record missing (deleted) is left out. */
export type EtagReader = (model: string, ids: string[]) => Promise<Map<string, string>>;

/**
 * Tells when a record some admin tab here follows is saved, by anyone on any instance: the change
 * feed names the model written (shared between instances over LISTEN/NOTIFY on PostgreSQL,
 * server/plugins/shared-changes.ts), and the followed records of that model are read again and
 * their ETags compared with the last ones seen. Only the ETag is read, and only for records open
 * in a tab, so a write nobody follows costs one Map look-up.
 */
export class RecordWatch {
  /** The ETag last seen per followed record ("" when it was missing). */
  private readonly seen = new Map<string, string>();
  /** Per model, the check under way: a change arriving meanwhile asks for one more after it. */
  private readonly checks = new Map<string, { again: boolean }>();

  constructor(
    private readonly read: EtagReader,
    private readonly followed: () => Map<string, Set<string>>,
    private readonly changed: (record: RecordRef, etag: string | null) => void,
    private readonly failed: (error: unknown) => void,
  ) {}

  /**
   * Listens to the feed; `models` are announced between instances from the start, so a save on
   * any instance reaches the tabs of every other.
   */
  listen(changes: ChangeFeed, models: string[]): () => void {
    return changes.subscribe((model) => {
      if (model === EVERYTHING) for (const m of this.followed().keys()) this.check(m);
      else if (this.followed().has(model)) this.check(model);
    }, models);
  }

  /** Reads the ETags of records newly followed, so their next save is told against them. */
  async start(records: RecordRef[]): Promise<void> {
    const fresh = records.filter((r) => !this.seen.has(keyOf(r)));
    const byModel = new Map<string, string[]>();
    for (const r of fresh) (byModel.get(r.model) ?? byModel.set(r.model, []).get(r.model)!).push(r.id);
    await Promise.all(
      [...byModel].map(async ([model, ids]) => {
        const etags = await this.read(model, ids);
        for (const id of ids) {
          const key = keyOf({ model, id });
          if (!this.seen.has(key)) this.seen.set(key, etags.get(id) ?? "");
        }
      }),
    );
  }

  private check(model: string): void {
    const running = this.checks.get(model);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.checks.set(model, state);
    const run = async (): Promise<void> => {
      do {
        state.again = false;
        const ids = [...(this.followed().get(model) ?? [])];
        const etags = ids.length ? await this.read(model, ids) : new Map<string, string>();
        for (const id of ids) {
          const key = keyOf({ model, id });
          const now = etags.get(id) ?? "";
          const before = this.seen.get(key);
          this.seen.set(key, now);
          if (before !== undefined && before !== now) this.changed({ model, id }, now || null);
        }
      } while (state.again);
    };
    run()
      .catch(this.failed)
      .finally(() => this.checks.delete(model));
  }

  /** Forgets the records no tab follows any longer. */
  prune(): void {
    const followed = this.followed();
    for (const key of this.seen.keys()) {
      const [model = "", id = ""] = key.split(" ");
      if (!followed.get(model)?.has(id)) this.seen.delete(key);
    }
  }
}

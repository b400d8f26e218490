/**
 * Tells listeners which model's rows changed, after the change is committed. Caches that depend on
 * records (permissions, rendered pages) subscribe and drop what they hold for that model.
 * With a bridge (PostgreSQL LISTEN/NOTIFY), changes to models someone subscribed to are also
 * sent to the other instances on the database, and theirs arrive here.
 */
export type ChangeListener = (modelId: string) => void;

/** Published when changes may have been missed (a dropped connection): drop everything. */
export const EVERYTHING = "*";

export interface ChangeBridge {
  send(modelId: string): void;
}

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  /** Models some listener cares about: only these are worth telling other instances. */
  private readonly watched = new Set<string>();
  private bridge?: ChangeBridge;

  /** Returns a function that unsubscribes. `models` says which changes the listener needs. */
  subscribe(listener: ChangeListener, models: Iterable<string> = []): () => void {
    this.listeners.add(listener);
    for (const model of models) this.watched.add(model);
    return () => this.listeners.delete(listener);
  }

  connect(bridge: ChangeBridge) {
    this.bridge = bridge;
  }

  /** A local write (sent on to other instances when watched), or one reported by another instance. */
  publish(modelId: string, from: "here" | "elsewhere" = "here") {
    for (const listener of this.listeners) listener(modelId);
    if (from === "here" && this.bridge && this.watched.has(modelId)) this.bridge.send(modelId);
  }
}

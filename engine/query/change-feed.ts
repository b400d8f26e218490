/**
 * Tells listeners which model's rows changed, after the change is committed. Caches that depend on
 * records (permissions, rendered pages) subscribe and drop what they hold for that model.
 */
export type ChangeListener = (modelId: string) => void;

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();

  /** Returns a function that unsubscribes. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(modelId: string) {
    for (const listener of this.listeners) listener(modelId);
  }
}

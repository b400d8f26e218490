/**
 * Where an undo reaches the side panel's fields: a mounted panel (a block's texts, one kind of its
 * items) registers a handle under its key while it shows its data; an undo selects the block and
 * waits for that handle, so the earlier value is put back through the panel's own save (its
 * If-Match, its conflict dialog, its kept pending saves) and shows on screen at once.
 */
export class PanelHandles<T> {
  private readonly handles = new Map<string, T>();
  private readonly waiting = new Map<string, ((handle: T) => void)[]>();

  register(key: string, handle: T): () => void {
    this.handles.set(key, handle);
    const waiters = this.waiting.get(key) ?? [];
    this.waiting.delete(key);
    for (const resolve of waiters) resolve(handle);
    return () => {
      if (this.handles.get(key) === handle) this.handles.delete(key);
    };
  }

  /** The handle under `key`, once a panel registers it; refused after `timeoutMs` (the block is gone, the read failed). */
  waitFor(key: string, timeoutMs = 15_000): Promise<T> {
    const present = this.handles.get(key);
    if (present) return Promise.resolve(present);
    return new Promise((resolve, reject) => {
      const done = (handle: T) => {
        clearTimeout(timer);
        resolve(handle);
      };
      const timer = setTimeout(() => {
        this.waiting.set(
          key,
          (this.waiting.get(key) ?? []).filter((w) => w !== done),
        );
        reject(new Error(`the panel for ${key} did not open`));
      }, timeoutMs);
      this.waiting.set(key, [...(this.waiting.get(key) ?? []), done]);
    });
  }
}

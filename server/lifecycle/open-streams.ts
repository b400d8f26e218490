/**
 * Answers that stay open until the client leaves (the admin's live stream). The server's close
 * waits for every open answer, so these are ended first: by the shutdown as it stops accepting
 * (server/lifecycle/shutdown.ts) and by the app's preClose hook (draining.ts) for any other close.
 */
export class OpenStreams {
  private readonly ends = new Set<() => void>();

  /** Keeps `end` until the stream closes; returns what forgets it (call it when the stream ends by itself). */
  hold(end: () => void): () => void {
    this.ends.add(end);
    return () => void this.ends.delete(end);
  }

  /** Ends every open stream now. */
  endAll(): void {
    const ends = [...this.ends];
    this.ends.clear();
    for (const end of ends) end();
  }

  get size(): number {
    return this.ends.size;
  }
}

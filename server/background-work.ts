type Log = { error: (obj: object, msg: string) => void };

/**
 * Work that runs after the answer has gone: errors are logged, never lost silently, and
 * `settled()` waits for what is under way (tests, shutdown).
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: Log) {}

  run(label: string, work: () => Promise<unknown>) {
    const task = work().then(
      () => undefined,
      (err) => this.log.error({ err }, `${label} failed`),
    );
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
  }
}

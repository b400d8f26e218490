type Log = { error: (obj: object, msg: string) => void };

/** One kind of queued work: does what is due, returns how much it did (0: nothing was due). */
export type Step = () => Promise<number>;

/**
 * Runs the queues' steps: every `pollMs` (so work queued by other instances, or due later, is
 * picked up), at once when this instance queued something (`wake`), and never twice at the same
 * time. `drain` runs until nothing is due (tests, shutdown); `stop` waits for the cycle under way.
 */
export class Worker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;

  constructor(
    private readonly steps: Step[],
    private readonly pollMs: number,
    private readonly log: Log,
  ) {}

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  /** Something was queued here: look now rather than at the next poll. */
  wake() {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Runs cycles until a whole cycle finds nothing due. */
  async drain(): Promise<void> {
    for (;;) {
      await this.running;
      if ((await this.cycle()) === 0) break;
    }
    // Woken meanwhile: the timer loop takes over again.
    if (this.again) {
      this.again = false;
      this.schedule(0);
    }
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick() {
    // A drain's cycle is under way: it looks again when it ends.
    if (this.running) {
      this.again = true;
      return;
    }
    await this.cycle();
    if (this.again) {
      this.again = false;
      this.schedule(0);
    } else if (this.pollMs > 0) this.schedule(this.pollMs);
  }

  /** One pass over every step; several passes while they keep finding work. */
  private cycle(): Promise<number> {
    const run = (async () => {
      let total = 0;
      for (let pass = 0; pass < 20; pass++) {
        let done = 0;
        for (const step of this.steps) {
          try {
            done += await step();
          } catch (error) {
            this.log.error({ err: error }, "background queue step failed");
          }
        }
        total += done;
        if (done === 0) break;
      }
      return total;
    })();
    this.running = run.then(() => undefined);
    return run.finally(() => {
      this.running = undefined;
    });
  }
}

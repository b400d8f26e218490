/** One server-sent event: its name and its data read as JSON. */
export interface StreamEvent {
  event: string;
  data: any;
}

/**
 * Reads a text/event-stream answer as it arrives: `next(test)` resolves with the first event not
 * yet taken that passes `test` (events before it are dropped), `ended` once the server ends the answer.
 */
export class EventStreamReader {
  private readonly events: StreamEvent[] = [];
  private waiting?: () => void;
  private finished = false;
  readonly ended: Promise<void>;

  constructor(response: Response) {
    const body = response.body;
    if (!body) throw new Error("the answer has no body");
    this.ended = this.read(body.pipeThrough(new TextDecoderStream()).getReader());
  }

  async next(test: (event: StreamEvent) => boolean = () => true): Promise<StreamEvent> {
    for (;;) {
      const index = this.events.findIndex(test);
      if (index >= 0) return this.events.splice(0, index + 1)[index]!;
      this.events.length = 0;
      if (this.finished) throw new Error("the stream ended before the event came");
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  private async read(reader: ReadableStreamDefaultReader<string>): Promise<void> {
    let text = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) break;
      text += value;
      let end = text.indexOf("\n\n");
      while (end >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const lines = block.split("\n");
        const event = lines.find((l) => l.startsWith("event: "))?.slice(7);
        const data = lines.find((l) => l.startsWith("data: "))?.slice(6);
        if (event && data !== undefined) this.events.push({ event, data: JSON.parse(data) });
        end = text.indexOf("\n\n");
      }
      this.waiting?.();
    }
    this.finished = true;
    this.waiting?.();
  }
}

import { AppError } from "../../../engine/errors.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { Row } from "../../../engine/query/prepare-write.js";
import type { Language } from "../../../common/site/page-data.js";
import type { JobRunner } from "./job-runner.js";
import type { Worker } from "./worker.js";

export interface NewNotification {
  /** The template's name (notification/templates variant, or a built-in one). */
  template: string;
  recipient: string | undefined;
  language: Language;
  /** Variables, visible in the admin. */
  data?: Record<string, unknown>;
  /** Variables kept off the API (x-hidden) and forgotten once sent: a reset link. */
  secretData?: Record<string, unknown>;
  /** The subject when the template gives none; the sent subject replaces it. */
  subject?: string;
  subjectId?: string;
  sendAfter?: string;
  /** Makes the notification once: a second enqueue with the same key returns the first. */
  key?: string;
}

/** The notification module's service: what other modules use to send a message and to queue work. */
export class Notifications {
  constructor(
    private readonly rows: Repository,
    readonly jobs: JobRunner,
    private readonly worker: Worker,
  ) {}

  /**
   * Queues a notification (in the caller's transaction when given its repository, then the caller
   * calls `wake` after the commit). Without a recipient it is stored as failed, so it shows.
   */
  async enqueue(input: NewNotification, rows: Repository = this.rows): Promise<Row> {
    const given = {
      template: input.template,
      recipient: input.recipient,
      language: input.language,
      data: input.data ?? {},
      secretData: input.secretData,
      subject: input.subject,
      rbacModuleSubjectId: input.subjectId,
      sendAfter: input.sendAfter,
      key: input.key,
      ...(input.recipient ? {} : { status: "failed", error: "no email address to send to" }),
    };
    const values = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    let created: Row;
    try {
      created = await rows.create(values, { trusted: true });
    } catch (error) {
      // Made before under this key (a job run again): that one stands.
      const existing =
        input.key && error instanceof AppError && error.code === "CONFLICT" ? await this.byKey(input.key) : undefined;
      if (!existing) throw error;
      return existing;
    }
    if (rows === this.rows) this.wake();
    return created;
  }

  private async byKey(key: string): Promise<Row | undefined> {
    const field = this.rows.model.fieldMap.get("key")!;
    const [row] = await this.rows.list({
      filters: [{ field, kind: field.kind, method: "eq", value: key }],
      orderBy: [],
      limit: 1,
      offset: 0,
    });
    return row;
  }

  /** Look for due work now (after a commit that queued some). */
  wake() {
    this.worker.wake();
  }

  /** Waits until nothing is due: tests, and the work of a request that must be done before an answer is read. */
  flush(): Promise<void> {
    return this.worker.drain();
  }
}

import { sql } from "kysely";
import type { AuditTrail } from "../../../../engine/audit/audit-trail.js";
import { SYSTEM_ACTOR } from "../../../../engine/audit/write-actor.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";
import type { OwnerMail } from "../../notification/index.js";

/** The admins' mail when a webhook is turned off (default-templates.ts). */
export const WEBHOOK_DISABLED = "webhook-disabled";

/**
 * A webhook that keeps failing (docs/webhooks.md "Turned off after five days"): `failingSince` is
 * the first failed attempt since the last success; once every attempt has failed for
 * `disableAfterMs`, the webhook is turned off (active false, disabledAt, disabledReason) in the
 * attempt's transaction and the admins are mailed. A success clears it.
 */
export class FailingWebhooks {
  constructor(
    private readonly ownerMail: OwnerMail,
    private readonly disableAfterMs: number,
    private readonly now: () => number,
    /** The audit log: a webhook turned off for failing is recorded as the system's update of it. */
    private readonly audit?: AuditTrail,
  ) {}

  /** A success: not failing any more, and a turn-off before it (the webhook was turned on again) is history. */
  async succeeded(trx: ModelQueries, webhookId: string): Promise<void> {
    await trx
      .updateTable("admin/webhooks")
      .set({ failingSince: null, disabledAt: null, disabledReason: null })
      .where("id", "=", webhookId)
      .where((w) => w.or([w("failingSince", "is not", null), w("disabledAt", "is not", null)]))
      .execute();
  }

  /** Records a failure; answers whether the webhook is now turned off. */
  async failed(trx: ModelQueries, repository: RepositoryLookup, webhookId: string, error: string): Promise<boolean> {
    const now = new Date(this.now());
    const webhook = await trx
      .updateTable("admin/webhooks")
      // Turned on again after a turn-off (disabledAt still set): the five days start again now.
      .set({
        failingSince: sql<Date>`case when "disabledAt" is not null then ${now} else coalesce("failingSince", ${now}) end`,
        disabledAt: null,
        disabledReason: null,
      })
      .where("id", "=", webhookId)
      .returning(["id", "title", "url", "active", "failingSince"])
      .executeTakeFirst();
    if (!webhook?.active) return true;
    const since = new Date(webhook.failingSince as Date | string);
    if (now.getTime() - since.getTime() < this.disableAfterMs) return false;
    const days = Math.round(this.disableAfterMs / 86_400_000);
    const disabledReason =
      `every delivery failed for ${days} days (since ${since.toISOString()}); the last: ${error}`.slice(0, 500);
    await trx
      .updateTable("admin/webhooks")
      .set({ active: false, disabledAt: now, disabledReason, updatedAt: sql<Date>`now()` })
      .where("id", "=", webhookId)
      .execute();
    // The attempts' own bookkeeping (failingSince) is the delivery log's; the turn-off is a change
    // an admin will ask about, so it is in the audit log, made by the system.
    await this.audit?.record(trx, [
      {
        model: "admin/webhooks",
        recordId: webhookId,
        action: "update",
        changes: {
          active: [true, false],
          disabledAt: [null, now.toISOString()],
          disabledReason: [null, disabledReason],
        },
        actor: SYSTEM_ACTOR,
      },
    ]);
    await this.ownerMail.enqueue(
      {
        key: `${WEBHOOK_DISABLED}:${webhookId}:${now.toISOString()}`,
        template: WEBHOOK_DISABLED,
        data: {
          webhookId,
          webhookName: webhook.title || webhook.url,
          url: webhook.url,
          failingSince: since.toISOString().slice(0, 16).replace("T", " "),
          lastError: error,
          adminUrl: this.ownerMail.adminUrl(`/webhooks/${webhookId}`),
        },
      },
      { repository, trx },
      { adminsOnly: true },
    );
    return true;
  }
}

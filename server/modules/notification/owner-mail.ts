import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { RepositoryLookup } from "../../../engine/query/transaction.js";
import type { Language } from "../../../common/site/page-data.js";
import type { ShopOwnerSettings } from "../../config.js";
import type { Notifications } from "./notifications.js";

/** One event the shop's owner is told of: its template, variables, and the key that makes it once. */
export interface OwnerEvent {
  /** Unique per event (`owner-order-paid:{orderId}`): each recipient's notification is keyed `{key}:{email}`. */
  key: string;
  template: string;
  data: Record<string, unknown>;
}

/** The admins' emails, in `db` (the caller's transaction when it has one). */
export type AdminEmails = (db: ModelQueries) => Promise<string[]>;

/**
 * Mail to the shop's owner (docs/notifications.md "Mail to the shop's owner"): a paid order, a form submission. The recipients
 * are SHOP_OWNER_EMAILS, or else the emails of the subjects holding the admin role; the language
 * SHOP_OWNER_LANGUAGE. One notification per recipient through the ordinary queue, keyed by the
 * event and the address: a job run twice, a replayed webhook or two deliveries at once insert it
 * once (the key is unique in the table; the second insert finds the first).
 */
export class OwnerMail {
  constructor(
    private readonly db: ModelQueries,
    private readonly notifications: Notifications,
    private readonly settings: ShopOwnerSettings,
    private readonly publicUrl: string,
  ) {}

  /** None until the rbac module, which knows who the admins are and registers after this one, hands in its reader. */
  private adminEmails: AdminEmails = async () => [];

  /** Whom to mail when SHOP_OWNER_EMAILS is empty: the rbac module calls this as it registers (rbac-module.ts). */
  readAdminEmailsWith(adminEmails: AdminEmails): void {
    this.adminEmails = adminEmails;
  }

  /** An admin screen's address for the mail (`/admin/forms/{id}`). */
  adminUrl(path: string): string {
    return `${this.publicUrl}/admin${path}`;
  }

  get language(): Language {
    return this.settings.language as Language;
  }

  /** SHOP_OWNER_EMAILS, else the admins' emails (each admin's email identities), sorted, once each. */
  async recipients(db: ModelQueries = this.db): Promise<string[]> {
    if (this.settings.emails.length > 0) return [...new Set(this.settings.emails)];
    return this.adminEmails(db);
  }

  /**
   * Queues the event's mail to every recipient (in the caller's transaction when given it, as
   * runTransaction hands it: its repositories and its queries; the caller wakes the queue after
   * its commit). No recipient at all: one notification without one, stored as failed, so the
   * admin sees the mail had nowhere to go. `adminsOnly`: to the admins whatever SHOP_OWNER_EMAILS
   * says (a webhook turned off is the site's administrators' business, not the shop's).
   */
  async enqueue(
    event: OwnerEvent,
    within?: { repository: RepositoryLookup; trx: ModelQueries },
    options: { adminsOnly?: boolean } = {},
  ): Promise<void> {
    const rows = within?.repository("notification/notifications");
    const recipients = options.adminsOnly
      ? await this.adminEmails(within?.trx ?? this.db)
      : await this.recipients(within?.trx);
    const targets: (string | undefined)[] = recipients.length > 0 ? recipients : [undefined];
    for (const recipient of targets) {
      await this.notifications.enqueue(
        {
          key: `${event.key}:${recipient ?? "nobody"}`,
          template: event.template,
          recipient,
          language: this.language,
          data: event.data,
        },
        rows,
      );
    }
  }
}

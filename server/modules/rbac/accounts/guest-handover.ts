import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Database } from "../../../../engine/db/open-database.js";
import type { Repository } from "../../../../engine/query/repository.js";
import { runTransaction, type RepositoryLookup } from "../../../../engine/query/transaction.js";
import { isNewSubject } from "./subjects.js";

/** A module's part in a guest signing in: move what the guest subject holds (the shop: its cart) to the account. */
export type HandoverListener = (
  guestId: string,
  accountId: string,
  repository: RepositoryLookup,
  trx: ModelQueries,
) => Promise<void>;

/**
 * A visitor who shopped as a guest (a subject made by authentication/init that never had an
 * identity) and then signs in to an existing account: the modules that listen move the guest's
 * things to the account, all in one transaction (so the guest's cart is kept). Sign-up needs none
 * of this: it adopts the guest subject itself (accounts.ts).
 */
export class GuestHandover {
  private readonly listeners: HandoverListener[] = [];

  constructor(
    private readonly database: Database,
    private readonly repositories: Map<string, Repository>,
  ) {}

  on(listener: HandoverListener): void {
    this.listeners.push(listener);
  }

  /** `guestId`: the session's subject when the sign-in came (undefined if none); `accountId`: who signed in. */
  async run(guestId: string | undefined, accountId: string): Promise<void> {
    if (!guestId || guestId === accountId || this.listeners.length === 0) return;
    await runTransaction(this.database, this.repositories, async (repository, trx) => {
      if (!(await isNewSubject(trx, guestId))) return; // someone's account, not a guest: nothing moves
      for (const listener of this.listeners) await listener(guestId, accountId, repository, trx);
    });
  }
}

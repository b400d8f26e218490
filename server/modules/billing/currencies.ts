import type { Repository } from "../../../engine/query/repository.js";
import type { RepositoryLookup } from "../../../engine/query/transaction.js";
import type { Currency } from "./billing-reads.js";

/** Billing's currencies as other modules ask for one by id (a checkout's, a price's). */
export class Currencies {
  constructor(private readonly repositories: Map<string, Repository>) {}

  /** The currency, or the repository's 404 naming it; read in the caller's transaction when it gives its repositories. */
  async get(currencyId: string, repository?: RepositoryLookup): Promise<Currency> {
    return (await (repository ? repository("billing/currencies") : this.repositories.get("billing/currencies")!).get(
      currencyId,
    )) as Currency;
  }

  /** Every column a currency's row has: what a caller's statement reads of a joined currency (billing-reads.ts). */
  get columns(): readonly string[] {
    return this.repositories.get("billing/currencies")!.columns;
  }
}

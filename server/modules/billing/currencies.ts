import type { Repository } from "../../../engine/query/repository.js";
import type { RepositoryLookup } from "../../../engine/query/transaction.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import { checkoutCurrencyRow, type Currency } from "./billing-reads.js";

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

  /** A checkout's currency, the one asked for or else the default, read in `db`; undefined when there is none. */
  forCheckout(db: ModelQueries, currencyId: string | undefined): Promise<Currency | undefined> {
    return checkoutCurrencyRow(db, this.columns, currencyId);
  }
}

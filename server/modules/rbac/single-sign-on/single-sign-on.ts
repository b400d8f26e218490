import type { Database } from "../../../../engine/db/open-database.js";
import { AppError } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Repository } from "../../../../engine/query/repository.js";
import { runTransaction, type RepositoryLookup } from "../../../../engine/query/transaction.js";
import { createSubject, markIdentified } from "../accounts/subjects.js";
import { Flows } from "./flows.js";
import { ProviderClient, type ProviderClaims } from "./provider-client.js";
import { syncClaimedRoles } from "./role-claim.js";
import { DEFAULT_OIDC_NAME, type OidcSettings } from "./settings.js";
import { emailOf, emailTaken, linkSub, subjectOfSub } from "./sso-identities.js";

export interface FinishedFlow {
  subjectId: string;
  returnTo: string;
  /** A signed-in subject linked single sign-on (no new session), rather than signing in. */
  linked: boolean;
}

/**
 * Single sign-on with OpenID Connect (docs/security.md "Single sign-on"): a flow begun for this
 * browser, the provider's answer checked, and the person found by the issuer and `sub` of the ID
 * token, never by email alone.
 */
export class SingleSignOn {
  readonly provider: ProviderClient;
  private readonly flows: Flows;

  constructor(
    private readonly database: Database,
    private readonly repositories: Map<string, Repository>,
    db: ModelQueries,
    readonly settings: OidcSettings,
    redirectUri: string,
  ) {
    this.provider = new ProviderClient(settings, redirectUri);
    this.flows = new Flows(db);
  }

  /** A flow for this browser and the provider's URL to send it to. */
  async begin(returnTo: string, linkSubjectId?: string): Promise<{ url: string; binding: string }> {
    const flow = await this.flows.begin(returnTo, linkSubjectId);
    return { url: await this.provider.authorizationUrl(flow), binding: flow.binding };
  }

  /** The provider sent the browser back to `callbackUrl`: spend the flow, check the answer, sign in or link. */
  async finish(callbackUrl: URL, state: string, binding: string | undefined): Promise<FinishedFlow> {
    const flow = await this.flows.spend(state, binding);
    const claims = await this.provider.exchange(callbackUrl, flow);
    const subjectId = await runTransaction(this.database, this.repositories, async (repository, trx) => {
      const known = await subjectOfSub(trx, claims.iss, claims.sub);
      if (flow.linkSubjectId) {
        if (known && known !== flow.linkSubjectId)
          throw new AppError(
            "CONFLICT",
            `this ${this.settings.name ?? DEFAULT_OIDC_NAME} account already signs in to another account`,
          );
        if (!known) await linkSub(repository, trx, flow.linkSubjectId, claims);
        return flow.linkSubjectId;
      }
      const subject = known ?? (await this.newSubject(repository, trx, claims));
      await markIdentified(trx, subject);
      if (this.settings.roles) await syncClaimedRoles(repository, trx, subject, this.settings.roles, claims);
      return subject;
    });
    return { subjectId, returnTo: flow.returnTo, linked: !!flow.linkSubjectId };
  }

  /**
   * A first sign-in with an unknown `sub` makes a subject, unless an account already has the
   * email: this site's sign-up does not verify emails, so whoever registered the address first
   * may not be its owner, and joining the two would let them into the provider user's account
   * (or the provider user into theirs, were the email unverified). Either way it is refused; the
   * account's owner signs in and links single sign-on from the account screen.
   */
  private async newSubject(repository: RepositoryLookup, trx: ModelQueries, claims: ProviderClaims): Promise<string> {
    const { email, verified } = emailOf(claims);
    if (email && (await emailTaken(trx, email))) {
      const name = this.settings.name ?? DEFAULT_OIDC_NAME;
      throw verified
        ? new AppError(
            "CONFLICT",
            `an account with the email ${email} already exists: sign in to it, then link ${name} from its sign-in methods`,
          )
        : new AppError(
            "PERMISSION_ERROR",
            `${name} has not verified your email, which an account here already uses: it cannot sign in to that account. Sign in to it another way and link ${name} from its sign-in methods`,
          );
    }
    const subject = await createSubject(repository, trx);
    await linkSub(repository, trx, subject.id, claims);
    return subject.id;
  }
}

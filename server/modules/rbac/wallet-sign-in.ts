import type { Hex } from "viem";
import type { Database } from "../../../engine/db/open-database.js";
import { AppError, validationError } from "../../../engine/errors.js";
import type { Repository } from "../../../engine/query/repository.js";
import { runTransaction } from "../../../engine/query/transaction.js";
import { WALLET_PROVIDER } from "./accounts/identity-store.js";
import { createSubject, markIdentified } from "./accounts/subjects.js";

const NONCE_TTL_MS = 10 * 60 * 1000;

const refused = (why: string) => new AppError("AUTHENTICATION_ERROR", why);

/**
 * Sign-In with Ethereum (EIP-4361), checked with viem: the message must carry a nonce this server
 * issued (unused, unexpired), this site's domain, the signing address and no passed expiry; the
 * signature must recover to that address. The wallet's identity (and subject) is made on first
 * sign-in. Externally owned accounts are verified locally; contract wallets (ERC-1271) would need
 * a chain RPC, which this server does not call.
 */
export class WalletSignIn {
  constructor(
    private readonly database: Database,
    private readonly repositories: Map<string, Repository>,
  ) {}

  async issueNonce(): Promise<{ nonce: string; expiresAt: string }> {
    // viem is loaded at the first wallet sign-in, not at every start (a few hundred ms).
    const { generateSiweNonce } = await import("viem/siwe");
    const nonce = generateSiweNonce();
    const expiresAt = new Date(Date.now() + NONCE_TTL_MS).toISOString();
    await this.repositories.get("rbac/sign-in-nonces")!.create({ nonce, expiresAt });
    return { nonce, expiresAt };
  }

  /** The subject the wallet signs in as. */
  async signIn(input: { message: string; signature: string; address?: string }, domain: string): Promise<string> {
    if (!input.address) throw refused("No account found");
    const [{ getAddress, isAddress, verifyMessage }, { parseSiweMessage, validateSiweMessage }] = await Promise.all([import("viem"), import("viem/siwe")]);
    if (!isAddress(input.address, { strict: false })) throw validationError("/address must be an Ethereum address", [{ path: "/address", message: "must be an Ethereum address" }]);
    const address = getAddress(input.address);
    const message = parseSiweMessage(input.message);
    if (!message.nonce || !message.address || !message.domain) {
      throw validationError("/message must be a Sign-In with Ethereum message", [{ path: "/message", message: "must be a Sign-In with Ethereum message" }]);
    }
    if (!validateSiweMessage({ message, address, domain, time: new Date() })) {
      throw refused("the sign-in message is expired, not yet valid, for another site or for another address");
    }
    const valid = await verifyMessage({ address, message: input.message, signature: input.signature as Hex }).catch(() => false);
    if (!valid) throw refused("the signature does not match the address");
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      const spent = await trx
        .updateTable("rbac_sign_in_nonces")
        .set({ usedAt: new Date().toISOString() })
        .where("nonce", "=", message.nonce!)
        .where("usedAt", "is", null)
        .where("expiresAt", ">", new Date().toISOString())
        .returning("id")
        .executeTakeFirst();
      if (!spent) throw refused("the sign-in message was already used, or its nonce expired or was not issued here");
      const account = address.toLowerCase();
      const known = await trx
        .selectFrom("rbac_identities as i")
        .innerJoin("rbac_subjects_to_identities as si", "si.identityId", "i.id")
        .select("si.subjectId")
        .where("i.provider", "=", WALLET_PROVIDER)
        .where("i.account", "=", account)
        .executeTakeFirst();
      // Marked as having had an identity (see isNewSubject), the known one too: an administrator may have linked it.
      if (known) {
        await markIdentified(trx, known.subjectId as string);
        return known.subjectId as string;
      }
      const subject = await createSubject(repository, trx);
      const identity = await repository("rbac/identities").create({ provider: WALLET_PROVIDER, account });
      await repository("rbac/subjects-to-identities").create({ subjectId: subject.id, identityId: identity.id });
      await markIdentified(trx, subject.id as string);
      return subject.id as string;
    });
  }
}

import type { Hex } from "viem";
import type { Database } from "../../../engine/db/open-database.js";
import { AppError, validationError } from "../../../engine/errors.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { Row } from "../../../engine/query/prepare-write.js";
import { runTransaction, type RepositoryLookup } from "../../../engine/query/transaction.js";
import { WALLET_PROVIDER } from "./accounts/identity-store.js";
import { createSubject, markIdentified } from "./accounts/subjects.js";

const NONCE_TTL_MS = 10 * 60 * 1000;

const refused = (why: string) => new AppError("AUTHENTICATION_ERROR", why);

/**
 * Sign-In with Ethereum (EIP-4361), checked with viem: the message must carry a nonce this server
 * issued (unused, unexpired), this site's domain, the signing address and no passed expiry; the
 * signature must recover to that address. The wallet's identity (and subject) is made on first
 * sign-in. With EVM_TIMESTAMP_MESSAGES=true, a signed `Date.now()` (the original client's message)
 * is accepted too, within five minutes and once: weaker, since it names no site, so a signature
 * another site obtained could be replayed here within those minutes. Externally owned accounts are verified locally; contract wallets (ERC-1271) would need
 * a chain RPC, which this server does not call.
 */
export class WalletSignIn {
  constructor(
    private readonly database: Database,
    private readonly repositories: Map<string, Repository>,
    /** timestampMessages: EVM_TIMESTAMP_MESSAGES (see verify). */
    private readonly options: { timestampMessages: boolean } = { timestampMessages: false },
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
  async signIn(input: SignedWalletMessage, domain: string): Promise<string> {
    const proof = await this.verify(input, domain);
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      await proof.spend(trx);
      const known = await walletSubject(trx, proof.account);
      // Marked as having had an identity (see isNewSubject), the known one too: an administrator may have linked it.
      if (known) {
        await markIdentified(trx, known);
        return known;
      }
      const subject = await createSubject(repository, trx);
      await linkWallet(repository, trx, subject.id, proof.account);
      return subject.id;
    });
  }

  /**
   * Adds the signing wallet as an identity of the subject (the original client's link body). The
   * caller has proven it owns the subject; the signature proves it holds the wallet. A wallet
   * that already signs in to some account is a 409, never moved.
   */
  async link(subjectId: string, input: SignedWalletMessage, domain: string): Promise<Row> {
    const proof = await this.verify(input, domain);
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      await proof.spend(trx);
      if (await walletSubject(trx, proof.account))
        throw new AppError("CONFLICT", "this wallet is already a sign-in method of an account");
      return linkWallet(repository, trx, subjectId, proof.account);
    });
  }

  /**
   * Checks the message and signature; `spend` (in the caller's transaction) marks the message
   * used, so it signs in or links once only.
   */
  private async verify(
    input: SignedWalletMessage,
    domain: string,
  ): Promise<{ account: string; spend(trx: ModelQueries): Promise<void> }> {
    if (!input.address) throw refused("No account found");
    const [{ getAddress, isAddress, verifyMessage }, { parseSiweMessage, validateSiweMessage }] = await Promise.all([
      import("viem"),
      import("viem/siwe"),
    ]);
    if (!isAddress(input.address, { strict: false }))
      throw validationError("/address must be an Ethereum address", [
        { path: "/address", message: "must be an Ethereum address" },
      ]);
    const address = getAddress(input.address);
    const account = address.toLowerCase();
    const signatureMatches = async () => {
      const valid = await verifyMessage({ address, message: input.message, signature: input.signature as Hex }).catch(
        () => false,
      );
      if (!valid) throw refused("the signature does not match the address");
    };
    if (this.options.timestampMessages && TIMESTAMP_MESSAGE.test(input.message)) {
      const signedAt = Number(input.message);
      if (Math.abs(Date.now() - signedAt) > TIMESTAMP_MESSAGE_TTL_MS)
        throw refused("the signed timestamp is more than five minutes from now");
      await signatureMatches();
      return { account, spend: (trx) => spendTimestamp(trx, account, signedAt) };
    }
    const message = parseSiweMessage(input.message);
    if (!message.nonce || !message.address || !message.domain) {
      throw validationError("/message must be a Sign-In with Ethereum message", [
        { path: "/message", message: "must be a Sign-In with Ethereum message" },
      ]);
    }
    if (!validateSiweMessage({ message, address, domain, time: new Date() })) {
      throw refused("the sign-in message is expired, not yet valid, for another site or for another address");
    }
    await signatureMatches();
    return { account, spend: (trx) => spendNonce(trx, message.nonce!) };
  }
}

export interface SignedWalletMessage {
  message: string;
  signature: string;
  address?: string;
}

/** The original client's message: `Date.now()` as digits (EVM_TIMESTAMP_MESSAGES). */
const TIMESTAMP_MESSAGE = /^\d{10,16}$/;
const TIMESTAMP_MESSAGE_TTL_MS = 5 * 60 * 1000;

async function spendNonce(trx: ModelQueries, nonce: string) {
  const spent = await trx
    .updateTable("rbac/sign-in-nonces")
    .set({ usedAt: new Date() })
    .where("nonce", "=", nonce)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", new Date())
    .returning("id")
    .executeTakeFirst();
  if (!spent) throw refused("the sign-in message was already used, or its nonce expired or was not issued here");
}

/**
 * A timestamp message names no server nonce, so its use is remembered as one: the wallet and the
 * instant, kept as a spent nonce until it could no longer be accepted anyway. The unique nonce
 * makes a second use (a replay, or two at once) fail.
 */
async function spendTimestamp(trx: ModelQueries, account: string, signedAt: number) {
  const recorded = await trx
    .insertInto("rbac/sign-in-nonces")
    .values({
      nonce: `timestamp:${account}:${signedAt}`,
      expiresAt: new Date(signedAt + TIMESTAMP_MESSAGE_TTL_MS),
      usedAt: new Date(),
    })
    .onConflict((conflict) => conflict.column("nonce").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!recorded) throw refused("the sign-in message was already used");
}

async function walletSubject(trx: ModelQueries, account: string): Promise<string | undefined> {
  const known = await trx
    .selectFrom("rbac/identities as i")
    .innerJoin("rbac/subjects-to-identities as si", "si.identityId", "i.id")
    .select("si.subjectId")
    .where("i.provider", "=", WALLET_PROVIDER)
    .where("i.account", "=", account)
    .executeTakeFirst();
  return known?.subjectId;
}

async function linkWallet(
  repository: RepositoryLookup,
  trx: ModelQueries,
  subjectId: string,
  account: string,
): Promise<Row> {
  const identity = await repository("rbac/identities").create({ provider: WALLET_PROVIDER, account });
  await repository("rbac/subjects-to-identities").create({ subjectId, identityId: identity.id });
  await markIdentified(trx, subjectId);
  return identity;
}

import { EMAIL_PROVIDER, WALLET_PROVIDER, type Subject } from "../../session/types.js";

/** 0x1234…abcd: a wallet address short enough for a button. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** How the signed-in subject is named: its email, else its wallet's short address, else its slug. */
export function subjectLabel(subject: Subject): string {
  // A password identity's email first; else another method's (single sign-on keeps a verified one).
  const email = (
    subject.identities.find((i) => i.provider === EMAIL_PROVIDER && i.email) ?? subject.identities.find((i) => i.email)
  )?.email;
  if (email) return email;
  const wallet = subject.identities.find((i) => i.provider === WALLET_PROVIDER && i.account)?.account;
  if (wallet) return shortAddress(wallet);
  return String(subject.slug ?? subject.id);
}

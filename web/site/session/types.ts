import type { Row } from "../../../common/site/page-data.js";

/** Provider values of rbac/identities (schemas/rbac/identities.json). */
export const EMAIL_PROVIDER = "email_and_password";
export const WALLET_PROVIDER = "ethereum_virtual_machine";

export interface Identity extends Row {
  provider: string;
  email?: string | null;
  /** A wallet identity's lower-case address. */
  account?: string | null;
}

export interface Role {
  id: string;
  uid: string;
  title: string;
}

/** What GET /api/rbac/subjects/authentication/me answers: the subject with identities and roles. */
export interface Subject extends Row {
  slug?: string;
  identities: Identity[];
  roles: Role[];
}

/** The body of every sign-in, sign-up and refresh answer. */
export interface SessionTokens {
  jwt: string;
  refresh: string;
}

export type SessionState = { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; subject: Subject };

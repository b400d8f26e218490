import { randomBytes } from "node:crypto";
import { base32Encode } from "./totp.js";

export const RECOVERY_CODE_COUNT = 10;

/** `abcde-fghij`: 50 random bits in lower-case base32, easy to read out and type. */
export function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** The form a typed code is hashed in: case, spaces and the dash do not matter. */
export const normalRecoveryCode = (code: string) => {
  const text = code.replace(/[\s-]/g, "").toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
};

/** A six-digit TOTP code (spaces allowed, "123 456"), else undefined. */
export const totpCodeOf = (code: string) => {
  const digits = code.replace(/\s/g, "");
  return /^\d{6}$/.test(digits) ? digits : undefined;
};

/** What a code field accepts: six digits, or a recovery code (checked before any lookup: a 400). */
export const CODE_INPUT = {
  type: "string",
  pattern: "^\\s*(\\d{3}\\s?\\d{3}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})\\s*$",
  "x-message": "must be a 6-digit code or a recovery code",
};

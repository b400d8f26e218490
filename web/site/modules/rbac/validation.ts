import type { RbacStringKey } from "./strings.js";

/** Logins are emails, passwords at least 8 characters. */
export const PASSWORD_MIN = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Each check answers the key of its message, or undefined when the value is fine. */
export const checkEmail = (value: string): RbacStringKey | undefined =>
  EMAIL_PATTERN.test(value.trim()) ? undefined : "invalidEmail";
export const checkPassword = (value: string): RbacStringKey | undefined =>
  value.length >= PASSWORD_MIN ? undefined : "passwordTooShort";

export type FieldErrors<F extends string> = Partial<Record<F, RbacStringKey>>;

/** Runs a check per field; the form submits only when the answer is empty. */
export function validate<F extends string>(checks: Record<F, RbacStringKey | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(checks).filter(([, error]) => error)) as FieldErrors<F>;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** A field's error goes once its value is edited: `setErrors(clearError("login"))`. */
export const clearError =
  <F extends string>(field: F) =>
  (errors: FieldErrors<F>): FieldErrors<F> => {
    const rest = { ...errors };
    delete rest[field];
    return rest;
  };

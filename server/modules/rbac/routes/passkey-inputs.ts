import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { UUID, inputSchema } from "../../input.js";

/** base64url text as WebAuthn's JSON forms carry binary, bounded so a body cannot be huge. */
const b64url = (maxLength: number) => ({
  type: "string",
  pattern: "^[A-Za-z0-9_-]*$",
  minLength: 1,
  maxLength,
  "x-message": "must be base64url text",
});
const common = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: { type: "string", enum: ["public-key"] },
  authenticatorAttachment: { type: "string", enum: ["platform", "cross-platform"] },
  clientExtensionResults: { type: "object" },
};

/** What @simplewebauthn/browser's startRegistration answers (RegistrationResponseJSON). */
const REGISTRATION_RESPONSE = {
  type: "object",
  additionalProperties: false,
  properties: {
    ...common,
    response: {
      type: "object",
      additionalProperties: false,
      properties: {
        clientDataJSON: b64url(4096),
        attestationObject: b64url(8192),
        authenticatorData: b64url(4096),
        transports: { type: "array", maxItems: 8, items: { type: "string", pattern: "^[a-z-]{1,32}$" } },
        publicKeyAlgorithm: { type: "integer" },
        publicKey: b64url(2048),
      },
      required: ["clientDataJSON", "attestationObject"],
    },
  },
  required: ["id", "rawId", "type", "response"],
};

/** What @simplewebauthn/browser's startAuthentication answers (AuthenticationResponseJSON). */
const AUTHENTICATION_RESPONSE = {
  type: "object",
  additionalProperties: false,
  properties: {
    ...common,
    response: {
      type: "object",
      additionalProperties: false,
      properties: {
        clientDataJSON: b64url(4096),
        authenticatorData: b64url(4096),
        signature: b64url(2048),
        userHandle: b64url(128),
      },
      required: ["clientDataJSON", "authenticatorData", "signature"],
    },
  },
  required: ["id", "rawId", "type", "response"],
};

export const TITLE = {
  type: "string",
  minLength: 1,
  maxLength: 100,
  pattern: "\\S",
  "x-message": "must be 1 to 100 characters",
};
const CURRENT_PASSWORD = { type: "string", maxLength: 256 };

export const subjectParams = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });
export const passkeyParams = inputSchema<{ id: string; passkeyId: string }>({
  properties: { id: UUID, passkeyId: UUID },
  required: ["id", "passkeyId"],
});
/** Registration options need the owner's proof, as adding any way into the account does (owner-proof.ts). */
export const registrationOptionsBody = inputSchema<{ currentPassword?: string }>({
  properties: { currentPassword: CURRENT_PASSWORD },
});
export const registrationBody = inputSchema<{ credential: RegistrationResponseJSON; title: string }>({
  properties: { credential: REGISTRATION_RESPONSE, title: TITLE },
  required: ["credential", "title"],
});
export const noInput = inputSchema<Record<string, never>>({ properties: {} });
export const renameBody = inputSchema<{ title: string }>({ properties: { title: TITLE }, required: ["title"] });
/** A signed assertion, as the sign-in and a two-factor step take it. */
export const CREDENTIAL = AUTHENTICATION_RESPONSE;
export const signInBody = inputSchema<{ credential: AuthenticationResponseJSON }>({
  properties: { credential: AUTHENTICATION_RESPONSE },
  required: ["credential"],
});

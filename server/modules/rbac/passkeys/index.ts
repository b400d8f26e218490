import type { AuditTrail } from "../../../../engine/audit/audit-trail.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Config } from "../../../config.js";
import { PasskeyChallenges } from "./passkey-challenges.js";
import { PasskeyRecords } from "./passkey-records.js";
import { PasskeyRegistration } from "./passkey-registration.js";
import { passkeySettings } from "./passkey-settings.js";
import { PasskeySignIn } from "./passkey-sign-in.js";

/** Passkeys: a subject's list, registration, and sign-in with a passkey alone (docs/security.md). */
export interface Passkeys {
  records: PasskeyRecords;
  registration: PasskeyRegistration;
  signIn: PasskeySignIn;
}

export function createPasskeys(db: ModelQueries, config: Config, audit?: AuditTrail): Passkeys {
  const challenges = new PasskeyChallenges(db);
  const records = new PasskeyRecords(db);
  records.audit = audit;
  const settings = () => passkeySettings(config);
  return {
    records,
    registration: new PasskeyRegistration(db, challenges, records, settings),
    signIn: new PasskeySignIn(db, challenges, records, settings),
  };
}

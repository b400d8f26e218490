import { randomBytes } from "node:crypto";
import type { Repository } from "../../engine/query/repository.js";

/**
 * A server secret (by default the one that signs session tokens): its setting, or else one made
 * at first start and kept in the database under its purpose, so every instance on it (and every
 * restart) agrees. Production requires the setting.
 */
export async function resolveSigningSecret(
  setting: string | undefined,
  production: boolean,
  keys: Repository,
  { purpose = "session-jwt", settingName = "JWT_SECRET" } = {},
): Promise<string> {
  if (setting) {
    if (setting.length < 32) throw new Error(`${settingName} must be at least 32 characters`);
    return setting;
  }
  if (production) throw new Error(`${settingName} must be set in production`);
  const { record } = await keys.findOrCreate({ purpose, secret: randomBytes(48).toString("base64url") });
  return record.secret as string;
}

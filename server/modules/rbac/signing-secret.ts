import { randomBytes } from "node:crypto";
import type { Repository } from "../../../engine/query/repository.js";

/**
 * The secret that signs session tokens: the JWT_SECRET setting, or else one made at first start
 * and kept in the database, so every instance on it (and every restart) agrees. Production
 * requires the setting.
 */
export async function resolveSigningSecret(setting: string | undefined, production: boolean, keys: Repository): Promise<string> {
  if (setting) {
    if (setting.length < 32) throw new Error("JWT_SECRET must be at least 32 characters");
    return setting;
  }
  if (production) throw new Error("JWT_SECRET must be set in production");
  const { record } = await keys.findOrCreate({ purpose: "session-jwt", secret: randomBytes(48).toString("base64url") });
  return record.secret as string;
}

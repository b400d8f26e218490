/**
 * The expiry of a session JWT, read without verifying it: the browser only needs to know when to
 * refresh, the server checks the signature. Undefined for anything that is not a JWT with a
 * numeric `exp`.
 */
export function jwtExpiresAt(jwt: string): number | undefined {
  const payload = jwt.split(".")[1];
  if (!payload) return undefined;
  try {
    const base64 = payload
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(payload.length / 4) * 4, "=");
    const claims = JSON.parse(atob(base64)) as { exp?: unknown };
    return typeof claims.exp === "number" && Number.isFinite(claims.exp) ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

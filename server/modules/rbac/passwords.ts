import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// scrypt with OWASP's cost for it (N=2^15, r=8, p=3: 32 MiB, ~100 ms here), a random salt per
// identity, and the parameters stored beside the hash so they can be raised later.
const PARAMS = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 64;

function derive(password: string, salt: string, params: typeof PARAMS): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64"), KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export interface PasswordHash {
  /** `scrypt$N=…,r=…,p=…$<base64 key>`, the identity's `password` column. */
  password: string;
  /** Base64 random bytes, the identity's `salt` column. */
  salt: string;
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(16).toString("base64");
  const key = await derive(password, salt, PARAMS);
  return { password: `scrypt$N=${PARAMS.N},r=${PARAMS.r},p=${PARAMS.p}$${key.toString("base64")}`, salt };
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)$/.exec(stored.password);
  if (!match) return false;
  const [, N, r, p, expected] = match;
  const key = await derive(password, stored.salt, { N: Number(N), r: Number(r), p: Number(p) });
  const wanted = Buffer.from(expected!, "base64");
  return wanted.length === key.length && timingSafeEqual(wanted, key);
}

/** Spends the same time as a real check, so an unknown login answers no faster than a wrong password. */
let dummy: Promise<PasswordHash> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(12).toString("base64"));
  await verifyPassword(password, await dummy);
  return false;
}

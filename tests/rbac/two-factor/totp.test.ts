import { describe, expect, test } from "vitest";
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingStep,
  newTotpSecret,
  otpauthUrl,
  stepAt,
  totpAt,
} from "../../../server/modules/rbac/two-factor/totp.js";
import { SecretBox } from "../../../server/modules/rbac/two-factor/secret-box.js";

// RFC 6238 appendix B, the SHA-1 rows: the seed is the ASCII "12345678901234567890", 8 digits.
const SEED = Buffer.from("12345678901234567890", "ascii");
const rfcVectors: [seconds: number, code: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238, HMAC-SHA1, 30 s)", () => {
  test.each(rfcVectors)("at %i s the code is %s", (seconds, code) => {
    expect(hotp(SEED, stepAt(seconds * 1000), 8)).toBe(code);
  });

  test("the 6-digit code is the vector's last six digits, from the base32 secret", () => {
    const secret = base32Encode(SEED);
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    for (const [seconds, code] of rfcVectors) expect(totpAt(secret, seconds * 1000)).toBe(code.slice(-6));
  });

  test("base32 goes both ways; a new secret is 20 random bytes", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(newTotpSecret()).not.toBe(secret);
  });

  const secret = base32Encode(SEED);
  const now = 1234567890 * 1000;
  test.each([
    ["the current step", 0, stepAt(now)],
    ["the step before", -30_000, stepAt(now) - 1],
    ["the step after", 30_000, stepAt(now) + 1],
    ["two steps before", -60_000, undefined],
    ["two steps after", 60_000, undefined],
  ])("a code of %s is taken as its step: %s", (_name, shift, step) => {
    expect(matchingStep(secret, totpAt(secret, now + shift), now)).toBe(step);
  });

  test.each(["000000", "12345", "1234567", ""])("%j matches no step", (code) => {
    const wrong = code === totpAt(secret, now) ? "111111" : code;
    expect(matchingStep(secret, wrong, now)).toBeUndefined();
  });

  test("the otpauth URL names the issuer and the account, and carries the secret", () => {
    expect(otpauthUrl("shop.example", "ann@example.com", "ABC")).toBe(
      "otpauth://totp/shop.example:ann%40example.com?secret=ABC&issuer=shop.example&algorithm=SHA1&digits=6&period=30",
    );
  });
});

describe("the secret box", () => {
  test("opens what it sealed; another key or an altered box opens nothing", () => {
    const box = new SecretBox("a".repeat(40));
    const sealed = box.seal("GEZDGNBV");
    expect(sealed).not.toContain("GEZDGNBV");
    expect(box.open(sealed)).toBe("GEZDGNBV");
    expect(new SecretBox("b".repeat(40)).open(sealed)).toBeUndefined();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}A`;
    expect(box.open(altered)).toBeUndefined();
    expect(box.hash("abcde-fghij")).toBe(box.hash("abcde-fghij"));
    expect(new SecretBox("b".repeat(40)).hash("abcde-fghij")).not.toBe(box.hash("abcde-fghij"));
  });
});

import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { type CborValue, encodeCbor } from "./cbor.js";

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString("base64url");

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

/** What the browser hands the page from navigator.credentials.create(), as JSON. */
export interface RegistrationJSON {
  id: string;
  rawId: string;
  type: "public-key";
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
}

/** What the browser hands the page from navigator.credentials.get(), as JSON. */
export interface AssertionJSON {
  id: string;
  rawId: string;
  type: "public-key";
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
}

/**
 * One passkey on a software authenticator, made in the test: an ES256 (P-256) key pair from
 * node:crypto, the authenticator data, clientDataJSON and the 'none' attestation object built
 * byte by byte as WebAuthn says, and assertions signed with the private key. Nothing of the
 * server's code is used to make them.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature counter the next assertion reports (then counts up). */
  counter = 1;
  /** The user handle the server put in the registration options (base64url). */
  userHandle: string | undefined;

  constructor(
    /** The page's origin the browser reports, e.g. https://shop.example.com. */
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id() {
    return b64url(this.credentialId);
  }

  /** navigator.credentials.create() for these options (the server's PublicKeyCredentialCreationOptionsJSON). */
  register(
    options: { challenge: string; user: { id: string } },
    flags = FLAG_USER_PRESENT | FLAG_USER_VERIFIED,
  ): RegistrationJSON {
    this.userHandle = options.user.id;
    const jwk = this.publicKey.export({ format: "jwk" });
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = encodeCbor(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, coseKey]);
    const authData = Buffer.concat([this.authDataHead(flags | FLAG_ATTESTED_DATA, 0), attested]);
    const attestationObject = encodeCbor(
      new Map<CborValue, CborValue>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData("webauthn.create", options.challenge),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** navigator.credentials.get() for these options; `counter`, `userHandle` and `flags` say what a cloned or odd authenticator would. */
  assert(
    options: { challenge: string },
    { counter = this.counter++, userHandle = this.userHandle, flags = FLAG_USER_PRESENT | FLAG_USER_VERIFIED } = {},
  ): AssertionJSON {
    const authData = this.authDataHead(flags, counter);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge);
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, "base64url"))]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle ? { userHandle } : {}),
      },
    };
  }

  private authDataHead(flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })));
  }
}

export const USER_PRESENT_ONLY = FLAG_USER_PRESENT;

// Raw JSON spliced into bodies, and the requests the property tests send.
import fc, { type Arbitrary } from "fast-check";
import { randomUUID } from "node:crypto";

// ---------------------------------------------------------------------------------------------
// Raw JSON: text spliced into a body as it is (deep nesting, `__proto__` keys, huge texts),
// printed short when fast-check reports a counterexample.
// ---------------------------------------------------------------------------------------------

export class RawJson {
  constructor(
    readonly text: string,
    readonly label: string,
  ) {}
  [fc.toStringMethod]() {
    return `RawJson(${this.label}, ${this.text.length} chars)`;
  }
  toString() {
    return this[fc.toStringMethod]();
  }
}

/** JSON text of a value, with every RawJson spliced in as its text. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) =>
    v instanceof RawJson ? `\u0001raw${raws.push(v.text) - 1}\u0001` : v,
  );
  if (text === undefined) return "null";
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)]!);
}

/** A value as the server stores and returns it (JSON round trip: -0 is 0, RawJson is its text). */
export const normalized = (value: unknown): unknown => JSON.parse(toJson(value));

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export type Method = "GET" | "POST" | "PATCH" | "DELETE";
export type Encoding = "json" | "urlencoded" | "multipart";
export interface Sent {
  method: Method;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

export const encodingArb: Arbitrary<Encoding> = fc.constantFrom<Encoding>("json", "json", "urlencoded", "multipart");

/** A request carrying `data` in one of the three body forms (docs/api.md) (undefined: no `data` at all). */
export function bodyRequest(method: Method, url: string, data: unknown, encoding: Encoding): Sent {
  const json = data === undefined ? undefined : toJson(data);
  if (encoding === "json") {
    return {
      method,
      url,
      headers: { "content-type": "application/json" },
      payload: json === undefined ? "{}" : `{"data":${json}}`,
    };
  }
  if (encoding === "urlencoded") {
    return {
      method,
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: json === undefined ? "" : `data=${encodeURIComponent(json)}`,
    };
  }
  const boundary = `----fc${randomUUID().replace(/-/g, "")}`;
  const part =
    json === undefined ? "" : `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${json}\r\n`;
  return {
    method,
    url,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: `${part}--${boundary}--\r\n`,
  };
}

/** A request, short enough to print. */
export function describeRequest(sent: Sent): string {
  const payload =
    sent.payload === undefined
      ? ""
      : `\n  ${sent.headers?.["content-type"] ?? ""}\n  ${sent.payload.length > 2000 ? `${sent.payload.slice(0, 2000)}… (${sent.payload.length} chars)` : sent.payload}`;
  const url = sent.url.length > 2000 ? `${sent.url.slice(0, 2000)}… (${sent.url.length} chars)` : sent.url;
  return `${sent.method} ${url}${payload}`;
}

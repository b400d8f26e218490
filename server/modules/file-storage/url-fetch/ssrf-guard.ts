import ipaddr from "ipaddr.js";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { validationError } from "../../../../engine/errors.js";

/**
 * What create-from-url may connect to: only public unicast addresses. The host is resolved and
 * EVERY address it has is checked (one private address among public ones is enough to refuse),
 * and the connection is made to the checked address itself (see `guardedLookup`), so a DNS answer
 * that changes between the check and the connect (rebinding) has nothing to exploit.
 *
 * Refused: loopback, private (RFC 1918), carrier-grade NAT (100.64/10, where some clouds keep
 * their metadata service), link-local (169.254/16 with the 169.254.169.254 metadata service;
 * fe80::/10), unique-local (fc00::/7, AWS's fd00:ec2::254), unspecified (0.0.0.0/8, ::),
 * multicast, broadcast, reserved and documentation ranges, and every IPv6 form that carries an
 * IPv4 address (IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96, NAT64 64:ff9b::/96, 6to4
 * 2002::/16, Teredo 2001::/32). Decimal, octal and hex IPv4 spellings (`2130706433`, `0177.1`,
 * `0x7f.1`) are turned into dotted form by the WHATWG URL parser before the check sees them.
 */

/** Ranges ipaddr.js calls "unicast" that are not reachable public hosts. */
const EXTRA_DENIED = ["0.0.0.0/8", "::/8", "64:ff9b:1::/48", "2001:db8::/32", "5f00::/16"].map((cidr) =>
  ipaddr.parseCIDR(cidr),
);

export class RefusedUrl extends Error {}

/** An allow-list (URL_FETCH_ALLOWED_ADDRESSES) of addresses and CIDR ranges exempt from the check. */
export type AllowList = [ipaddr.IPv4 | ipaddr.IPv6, number][];

export function parseAllowList(entries: string[]): AllowList {
  return entries.map((entry) => {
    if (entry.includes("/")) return ipaddr.parseCIDR(entry);
    const address = ipaddr.parse(entry);
    return [address, address.kind() === "ipv4" ? 32 : 128];
  });
}

const matches = (address: ipaddr.IPv4 | ipaddr.IPv6, [range, bits]: [ipaddr.IPv4 | ipaddr.IPv6, number]) =>
  address.kind() === range.kind() && address.match(range, bits);

/** Why this address may not be fetched from, or undefined when it may. */
export function refusal(text: string, allowList: AllowList = []): string | undefined {
  if (!ipaddr.isValid(text)) return `${text} is not an IP address`;
  let address = ipaddr.parse(text);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  if (allowList.some((entry) => matches(address, entry))) return undefined;
  const range = address.range();
  if (range !== "unicast") return `${address.toString()} is a ${range} address`;
  if (EXTRA_DENIED.some((entry) => matches(address, entry))) return `${address.toString()} is a reserved address`;
  return undefined;
}

/** The URL to fetch, or a 400 saying why not: only http(s), no credentials, a host. */
export function checkUrl(raw: unknown, allowList: AllowList = []): URL {
  if (typeof raw !== "string" || raw.length > 2048)
    throw refused("must be an http or https URL of at most 2048 characters");
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refused("is not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw refused(`uses ${url.protocol.replace(/:$/, "")}: only http and https are fetched`);
  if (url.username || url.password) throw refused("must not carry a user name or password");
  if (!url.hostname) throw refused("has no host");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    const why = refusal(host, allowList);
    if (why) throw refused(`points at ${why}, which this server does not fetch from`);
  }
  return url;
}

export const refused = (why: string) => validationError(`/url ${why}`, [{ path: "/url", message: why }]);

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * A `lookup` for http(s).request: resolves the name itself, refuses it unless every address is
 * allowed, and hands the socket exactly those checked addresses. The socket never asks DNS again.
 */
export function guardedLookup(allowList: AllowList, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(new RefusedUrl(`${hostname} has no address`), "", 4);
        for (const { address } of addresses) {
          const why = refusal(address, allowList);
          if (why) return callback(new RefusedUrl(`resolves to ${why}, which this server does not fetch from`), "", 4);
        }
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((a) => a.family === options.family)
            : addresses;
        if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, wanted);
        const first = wanted[0] ?? addresses[0]!;
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) =>
        callback(new RefusedUrl(`host ${hostname} could not be resolved (${error.code ?? error.message})`), "", 4),
    );
  };
}

import { isIP } from "node:net";
import { checkUrl, parseAllowList, refusal, refused, type AllowList, type Resolver } from "../../file-storage/index.js";

/** WEBHOOK_ALLOW_PRIVATE=true: every address, loopback and private ones too, passes the guard. */
export const allowListFor = (allowPrivate: boolean): AllowList =>
  allowPrivate ? parseAllowList(["0.0.0.0/0", "::/0"]) : [];

/**
 * A webhook's address as it is saved: http(s), no credentials, and a host whose every address is
 * public (create-from-url's SSRF guard, docs/files.md), or a 400 naming `/url`. Checked again at
 * each delivery, where the connection goes to the checked address (send-webhook.ts), since DNS
 * may answer differently by then.
 */
export async function checkTargetUrl(raw: unknown, allowList: AllowList, resolve: Resolver): Promise<string> {
  const url = checkUrl(raw, allowList);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return url.href;
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    throw refused(
      `has a host, ${host}, that could not be resolved (${(error as NodeJS.ErrnoException).code ?? "no answer"})`,
    );
  }
  for (const { address } of addresses) {
    const why = refusal(address, allowList);
    if (why) throw refused(`resolves to ${why}, which this server does not send to`);
  }
  return url.href;
}

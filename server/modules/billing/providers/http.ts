import { ProviderFailure, ProviderRefusal } from "./provider.js";

/** How long a provider may take to answer a create request (a look-up may be given less). */
const TIMEOUT_MS = 15_000;

/**
 * One request to a provider's API: its JSON answer, or ProviderFailure when it cannot be reached,
 * answers an error status or something that is not JSON. The provider's own error text is kept
 * short in the message (never the credentials, which are only in the headers).
 */
export async function providerRequest(
  provider: string,
  url: string,
  init: { method: "POST" | "GET"; headers: Record<string, string>; body?: string },
  timeoutMs = TIMEOUT_MS,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProviderFailure(`${provider} could not be reached (${(error as Error).message})`);
  }
  const text = await response.text();
  // A 4xx is the provider's no (nothing done); a 5xx leaves the outcome unknown.
  if (!response.ok)
    throw new (response.status < 500 ? ProviderRefusal : ProviderFailure)(
      `${provider} answered ${response.status}: ${text.slice(0, 200)}`,
    );
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderFailure(`${provider} answered something that is not JSON: ${text.slice(0, 200)}`);
  }
}

/** Basic auth header value. */
export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

/**
 * Query parameters that carry a credential in a link: a page preview's token (`preview`), an order
 * link's and the dummy payment page's (`token`), a password reset's (`code`), and the usual names
 * of the kind. Logs leave their values out (log-redaction.ts); an answer to a request with one
 * is the caller's own (private-answers.ts).
 */
const CREDENTIAL_PARAMETERS = new Set([
  "preview",
  "token",
  "code",
  "access_token",
  "refresh_token",
  "secret",
  "password",
]);

/** A query part's name ("a%62c=1" → "abc"), in lower case; as written when it does not decode. */
function parameterName(part: string): string {
  const raw = part.split("=", 1)[0]!;
  try {
    return decodeURIComponent(raw.replace(/\+/g, " ")).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** Whether a query part (`name=value`) is a credential's. */
export const isCredentialPart = (part: string) => CREDENTIAL_PARAMETERS.has(parameterName(part));

/** Whether the url's query has a credential parameter. */
export function hasCredentialParameter(url: string): boolean {
  const mark = url.indexOf("?");
  return (
    mark !== -1 &&
    url
      .slice(mark + 1)
      .split("&")
      .some(isCredentialPart)
  );
}

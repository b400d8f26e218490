// The traffic of bench:instances and what it remembers to check afterwards: bench:load's mix
// (scripts/bench/load-mix.ts: pages, API reads, contact form requests, admin updates, sign-ins,
// cart and checkout) with, beside it, wrong-password sign-ins, password reset requests (each
// mails once) and an admin's article saves (a create, then one update, each with a marker).
// Every request comes from an address of its own (X-Forwarded-For, which the balancer passes on
// and TRUST_PROXY lets the instances read), so the per-address limits of sign-ins, resets and
// form requests never meet the load; the rate-limit probe sends from one address on purpose.
import { randomInt } from "node:crypto";
import { expectStatus } from "../lib/http-client.js";
import { pickRequest, rememberCreatedRequest, type Fixture, type PickedRequest } from "./load-mix.js";

export const AUTH = "/api/rbac/subjects/authentication/email-and-password";
/** Marks what the load writes, so the check afterwards finds it among the demo content. */
export const MARKER = "bench-instances";

/** A status, or `error` when no answer came (connection cut, timeout). */
export type Outcome = number | "error";
/** A write's outcome as the client knows it: written (2xx), refused (4xx: nothing written), or not known (5xx, no answer). */
export type WriteOutcome = "ok" | "refused" | "unknown";
export const writeOutcome = (outcome: Outcome): WriteOutcome =>
  outcome === "error" || outcome >= 500 ? "unknown" : outcome < 300 ? "ok" : "refused";

/** What the load sent and was told, per kind of write: the check afterwards compares it with the database. */
export class Ledger {
  /** Answers per kind: status (or `error`) → count. */
  readonly tally = new Map<string, Map<Outcome, number>>();
  /** Answers other than the expected one: "kind status" → count and the first body. */
  readonly unexpected = new Map<string, { count: number; sample: string }>();
  /** Answers per instance (the balancer's `x-served-by`). */
  readonly servedBy = new Map<string, number>();
  readonly articles = new Map<
    string,
    { outcome: WriteOutcome; id?: string; update?: { title: string; outcome: WriteOutcome } }
  >();
  readonly forms = new Map<string, { outcome: WriteOutcome; id?: string }>();
  /** Contact form requests an admin marked handled (2xx), by id. */
  readonly handled = new Set<string>();
  /** Adds to cart per "subjectId productId": quantities answered 201 and ones with no known outcome. */
  readonly cartAdds = new Map<string, { ok: number; unknown: number }>();
  /** Checkouts answered 200: the orders they made. */
  readonly checkouts: { subjectId: string; orderIds: string[] }[] = [];
  uncertainCheckouts = 0;
  /** Password reset requests per login: answered 200, and with no known outcome. */
  readonly resets = new Map<string, { ok: number; unknown: number }>();
  /** Product subtitles sent by admin updates answered 200, per product. */
  readonly subtitles = new Map<string, Set<string>>();
  private sequence = 0;
  next() {
    return ++this.sequence;
  }

  count(kind: string, outcome: Outcome, expected: number, body: string, servedBy: string | null) {
    const counts = this.tally.get(kind) ?? new Map<Outcome, number>();
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    this.tally.set(kind, counts);
    if (servedBy) this.servedBy.set(servedBy, (this.servedBy.get(servedBy) ?? 0) + 1);
    if (outcome !== expected) {
      const key = `${kind} ${outcome}${servedBy ? ` (from ${servedBy})` : ""}`;
      const seen = this.unexpected.get(key);
      if (seen) seen.count++;
      else this.unexpected.set(key, { count: 1, sample: body.slice(0, 300) });
    }
  }
}

/** A client address of its own (10.0.0.0/8): no two requests of the load share a rate-limit window in practice. */
export const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface Answer {
  outcome: Outcome;
  body: any;
  text: string;
  servedBy: string | null;
}

/** One request through the balancer; no answer within 30 s, or a cut connection, is `error`. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  address = someAddress(),
): Promise<Answer> {
  try {
    const response = await fetch(baseUrl + path, {
      method,
      headers: { ...headers, "x-forwarded-for": address },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* a page, not JSON */
    }
    return { outcome: response.status, body: parsed, text, servedBy: response.headers.get("x-served-by") };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    return { outcome: "error", body: undefined, text: String(cause), servedBy: null };
  }
}

export interface Load {
  baseUrl: string;
  fx: Fixture;
  adminJwt: string;
  ledger: Ledger;
}

const JSON_TYPE = { "content-type": "application/json" };

/** bench:load's request, sent and remembered. Writes get a marker where the request has free text. */
async function teamMix(load: Load) {
  const { ledger } = load;
  const picked: PickedRequest = pickRequest(load.fx);
  let body = picked.body;
  let marker: string | undefined;
  if (picked.scenario === "create: contact form request") {
    marker = `[${MARKER}-form-${ledger.next()}]`;
    const parsed = JSON.parse(body!);
    parsed.data.message = `${parsed.data.message} ${marker}`;
    body = JSON.stringify(parsed);
  }
  const answer = await call(load.baseUrl, picked.method, picked.path, picked.headers, body);
  ledger.count(picked.scenario, answer.outcome, picked.expected, answer.text, answer.servedBy);
  const outcome = writeOutcome(answer.outcome);
  const parsedBody = body ? JSON.parse(body) : undefined;
  const subjectId = /\/api\/rbac\/subjects\/([^/]+)\/ecommerce-module/.exec(picked.path)?.[1];
  switch (picked.scenario) {
    case "create: contact form request":
      ledger.forms.set(marker!, { outcome, id: answer.body?.data?.id });
      if (outcome === "ok") rememberCreatedRequest(answer.body.data.id);
      break;
    case "update: request handled (admin)":
      if (outcome === "ok") ledger.handled.add(/\/api\/crm\/requests\/([^/?]+)/.exec(picked.path)![1]!);
      break;
    case "update: product subtitle (admin)": {
      const id = /\/api\/ecommerce\/products\/([^/?]+)/.exec(picked.path)![1]!;
      if (outcome === "ok") {
        const sent = ledger.subtitles.get(id) ?? new Set<string>();
        sent.add(parsedBody.data.subtitle.en);
        ledger.subtitles.set(id, sent);
      }
      break;
    }
    case "cart: add a product": {
      const key = `${subjectId} ${parsedBody.data.productId}`;
      const adds = ledger.cartAdds.get(key) ?? { ok: 0, unknown: 0 };
      if (outcome === "ok") adds.ok += parsedBody.data.quantity;
      if (outcome === "unknown") adds.unknown += parsedBody.data.quantity;
      ledger.cartAdds.set(key, adds);
      break;
    }
    case "checkout: one-step, dummy provider":
      if (outcome === "ok")
        ledger.checkouts.push({
          subjectId: subjectId!,
          orderIds: answer.body.data.ecommerceModule.orders.map((o: { id: string }) => o.id),
        });
      if (outcome === "unknown") ledger.uncertainCheckouts++;
      break;
  }
}

async function wrongPassword(load: Load) {
  const shopper = load.fx.shoppers[randomInt(load.fx.shoppers.length)]!;
  const body = JSON.stringify({ login: shopper.login, password: "not the password at all" });
  const answer = await call(load.baseUrl, "POST", `${AUTH}/authentication`, JSON_TYPE, body);
  load.ledger.count("sign-in: wrong password", answer.outcome, 401, answer.text, answer.servedBy);
}

async function passwordReset(load: Load) {
  const shopper = load.fx.shoppers[randomInt(load.fx.shoppers.length)]!;
  const body = JSON.stringify({ email: shopper.login });
  const answer = await call(load.baseUrl, "POST", `${AUTH}/forgot-password`, JSON_TYPE, body);
  load.ledger.count("password reset request (mails once)", answer.outcome, 200, answer.text, answer.servedBy);
  const outcome = writeOutcome(answer.outcome);
  const resets = load.ledger.resets.get(shopper.login) ?? { ok: 0, unknown: 0 };
  if (outcome === "ok") resets.ok++;
  if (outcome === "unknown") resets.unknown++;
  load.ledger.resets.set(shopper.login, resets);
}

/** Articles created and not updated yet: each is updated once, by one request, so its title after is known. */
const toUpdate: string[] = [];

async function articleSave(load: Load) {
  const { ledger } = load;
  const admin = { ...JSON_TYPE, authorization: `Bearer ${load.adminJwt}` };
  const slug = toUpdate.shift();
  if (slug) {
    const article = ledger.articles.get(slug)!;
    const title = `${slug} updated`;
    const answer = await call(
      load.baseUrl,
      "PATCH",
      `/api/blog/articles/${article.id}?publish=true`,
      admin,
      JSON.stringify({ data: { title: { en: title } } }),
    );
    ledger.count("admin save: update article", answer.outcome, 200, answer.text, answer.servedBy);
    article.update = { title, outcome: writeOutcome(answer.outcome) };
    return;
  }
  const created = `${MARKER}-article-${ledger.next()}`;
  const answer = await call(
    load.baseUrl,
    "POST",
    "/api/blog/articles?publish=true",
    admin,
    JSON.stringify({ data: { adminTitle: created, slug: created, title: { en: created } } }),
  );
  ledger.count("admin save: create article", answer.outcome, 201, answer.text, answer.servedBy);
  const outcome = writeOutcome(answer.outcome);
  ledger.articles.set(created, { outcome, id: answer.body?.data?.id });
  if (outcome === "ok") toUpdate.push(created);
}

/** Weight (out of 100) of each part of the load. */
const PARTS: [number, (load: Load) => Promise<void>][] = [
  [76, teamMix],
  [4, wrongPassword],
  [4, passwordReset],
  [16, articleSave],
];
export const partNames = [
  "bench:load's mix (76 %)",
  "sign-ins with a wrong password (4 %)",
  "password reset requests (4 %)",
  "an admin's article saves, create then update (16 %)",
];

/** `connections` loops, each sending its next request when the last is answered, until `running()` is false. */
export async function runLoad(load: Load, connections: number, running: () => boolean) {
  const total = PARTS.reduce((sum, [weight]) => sum + weight, 0);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (running()) {
        let draw = Math.random() * total;
        const part = PARTS.find(([weight]) => (draw -= weight) < 0) ?? PARTS[0]!;
        await part[1](load);
      }
    }),
  );
}

/**
 * The demo's pages, products, articles and form, and `shoppers` signed up, read and made through
 * `baseUrl`, as bench:load's set-up does; each product whose stock is counted restocked so that
 * checkouts do not sell it out (the owner restocks before a sale).
 */
export async function buildFixture(baseUrl: string, secret: string, shoppers: number): Promise<Fixture> {
  const key = { "x-rbac-secret-key": secret };
  const urls = (await expectStatus(200, baseUrl, "GET", "/api/host/pages/urls")).data.urls.map(
    (u: { url: string }) => u.url,
  ) as string[];
  const pages = urls.filter(
    (u) => !/\/(cart|account|sign|logout|settings|404|500|billing)/.test(u) && !u.includes("["),
  );
  const products = (await expectStatus(200, baseUrl, "GET", "/api/ecommerce/products?limit=100"))
    .data as Fixture["products"];
  for (const product of products.filter((p) => p.stock != null)) {
    await expectStatus(200, baseUrl, "PATCH", `/api/ecommerce/products/${product.id}`, {
      data: { stock: 1_000_000 },
      headers: key,
    });
    await expectStatus(200, baseUrl, "POST", `/api/ecommerce/products/${product.id}/publish`, { headers: key });
  }
  const articles = (await expectStatus(200, baseUrl, "GET", "/api/blog/articles?limit=100")).data as { id: string }[];
  const forms = (await expectStatus(200, baseUrl, "GET", "/api/crm/forms")).data as { id: string }[];
  const made: Fixture["shoppers"] = [];
  const password = "instances bench password";
  for (let i = 0; i < shoppers; i += 4) {
    // Each sign-up from an address of its own: sign-ups are limited per address like sign-ins.
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, shoppers - i) }, async (_, k) => {
        const login = `shopper-${i + k}@${MARKER}.test`;
        const body = await expectStatus(201, baseUrl, "POST", `${AUTH}/registration`, {
          data: { login, password },
          headers: { "x-forwarded-for": someAddress() },
        });
        const jwt = body.data.jwt as string;
        const subjectId = JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).sub as string;
        return { login, password, jwt, subjectId };
      }),
    );
    made.push(...batch);
  }
  if (!pages.length || !products.length || !articles.length || !forms[0])
    throw new Error("the demo content is missing pages, products, articles or the contact form");
  return { pages, products, articles, formId: forms[0].id, shoppers: made, secret };
}

/**
 * `attempts` sign-ins with a wrong password for one account from one client address, `parallel`
 * at a time, through the balancer (so spread over the instances): per instance, the answers.
 */
export async function rateLimitProbe(baseUrl: string, login: string, address: string, attempts: number, parallel = 3) {
  const answers: { outcome: Outcome; servedBy: string | null }[] = [];
  let sent = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (sent < attempts) {
        sent++;
        const body = JSON.stringify({ login, password: "a wrong password for the probe" });
        const answer = await call(baseUrl, "POST", `${AUTH}/authentication`, JSON_TYPE, body, address);
        answers.push({ outcome: answer.outcome, servedBy: answer.servedBy });
      }
    }),
  );
  return answers;
}

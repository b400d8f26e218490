// bench:instances' check after the load: what the load was told (the ledger) against what the
// database holds, read directly with pg, and the mails the SMTP peer received against the
// notifications the queue sent.
import type pg from "pg";
import { header, type ReceivedMail } from "../../tests/notification/smtp-peer.js";
import { MARKER, type Ledger } from "./instances-traffic.js";

export interface Finding {
  /** `lost`: a write answered 2xx that is not (all) there; `half`: a write that is partly there; `mail`, `queue`: delivery. */
  kind: "lost" | "half" | "duplicate" | "missing mail" | "queue";
  text: string;
}

export interface CheckReport {
  findings: Finding[];
  /** One line per kind of write: how many the load was told were written and were found so. */
  checked: string[];
  mails: { received: number; expected: number; byTemplate: Map<string, number>; duplicates: number; missing: number };
  queue: { jobsRunTwice: number; jobsNotDone: number; notificationsNotSent: string[]; sentAfterRetry: number };
  /** Writes whose answer never came (or was a 5xx), found written or not: neither is wrong. */
  uncertain: string[];
}

/** Waits until the queue has nothing due or running and the peer has every sent mail, up to `timeoutMs`. */
export async function waitForQueue(client: pg.Client, received: () => number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query(
      // Due: a job queued for later (the daily audit purge, due tomorrow) is not work left over.
      `SELECT (SELECT count(*) FROM notification_jobs
                WHERE status = 'running' OR (status = 'queued' AND ("runAt" IS NULL OR "runAt" <= now())))::int AS jobs,
              (SELECT count(*) FROM notification_notifications WHERE status IN ('new', 'sending'))::int AS mails,
              (SELECT count(*) FROM notification_notifications WHERE status = 'sent')::int AS sent`,
    );
    const { jobs, mails, sent } = rows[0];
    if (jobs === 0 && mails === 0 && received() >= sent) return;
    if (Date.now() > deadline)
      throw new Error(
        `the queue did not settle in ${timeoutMs / 1000} s: ${jobs} jobs and ${mails} mails due or running, ${sent} sent, ${received()} received`,
      );
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** `loadStarted`: Date.now() when the load began; what went wrong is timed from it. */
export async function checkAfter(
  client: pg.Client,
  ledger: Ledger,
  mails: ReceivedMail[],
  loadStarted: number,
): Promise<CheckReport> {
  const findings: Finding[] = [];
  const checked: string[] = [];
  const uncertain: string[] = [];
  const q = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows;

  // Articles: created with publish (the working copy, the published copy and a version), then
  // updated once with publish (both copies retitled, a second version).
  const working = new Map(
    (
      await q(`SELECT id, slug, title->>'en' AS title, "updatedAt" FROM blog_articles WHERE slug LIKE $1`, [
        `${MARKER}-%`,
      ])
    ).map((r) => [r.slug as string, r]),
  );
  const published = new Map(
    (
      await q(`SELECT id, slug, title->>'en' AS title, "updatedAt" FROM blog_articles__published WHERE slug LIKE $1`, [
        `${MARKER}-%`,
      ])
    ).map((r) => [r.slug as string, r]),
  );
  const versions = new Map(
    (
      await q(
        `SELECT "recordId" AS id, count(*)::int AS n FROM host_versions WHERE "modelId" = 'blog/articles' GROUP BY "recordId"`,
      )
    ).map((r) => [r.id as string, r.n as number]),
  );
  let articlesOk = 0;
  let updatesOk = 0;
  for (const [slug, article] of ledger.articles) {
    const row = working.get(slug);
    const copy = published.get(slug);
    if (row) {
      const whole =
        copy &&
        copy.id === row.id &&
        copy.title === row.title &&
        +copy.updatedAt === +row.updatedAt &&
        versions.get(row.id) === (row.title === `${slug} updated` ? 2 : 1);
      if (!whole)
        findings.push({
          kind: "half",
          text: `article ${slug}: working copy "${row.title}", published copy ${copy ? `"${copy.title}"` : "missing"}, ${versions.get(row.id) ?? 0} version(s)`,
        });
    } else if (copy)
      findings.push({ kind: "half", text: `article ${slug}: a published copy without its working copy` });
    if (article.outcome === "ok") {
      articlesOk++;
      if (!row) findings.push({ kind: "lost", text: `article ${slug}: created (201) and not in the database` });
    } else if (article.outcome === "refused" && row)
      findings.push({ kind: "lost", text: `article ${slug}: refused and written all the same` });
    else if (article.outcome === "unknown") uncertain.push(`article ${slug}: ${row ? "written" : "not written"}`);
    const update = article.update;
    if (!update || !row) continue;
    const retitled = row.title === update.title;
    if (update.outcome === "ok") {
      updatesOk++;
      if (!retitled) findings.push({ kind: "lost", text: `article ${slug}: updated (200) and still "${row.title}"` });
    } else if (update.outcome === "refused" && retitled)
      findings.push({ kind: "lost", text: `article ${slug}: update refused and applied all the same` });
    else if (update.outcome === "unknown")
      uncertain.push(`article ${slug} update: ${retitled ? "applied" : "not applied"}`);
  }
  for (const slug of working.keys())
    if (!ledger.articles.has(slug))
      findings.push({ kind: "lost", text: `article ${slug}: in the database, never sent` });
  checked.push(
    `articles: ${articlesOk} created (201; working copy, published copy, a version), ${updatesOk} of them updated (200; both copies retitled, a second version)`,
  );

  // Contact form requests: the row, its link to the form and the owner's mail, all or none.
  const requests = await q(
    `SELECT r.id, r.variant, substring(r.payload->>'message' from '\\[${MARKER}-form-[0-9]+\\]') AS marker,
            (SELECT count(*) FROM crm_forms_to_requests l WHERE l."requestId" = r.id)::int AS links,
            (SELECT count(*) FROM notification_notifications n WHERE n.key LIKE 'owner-form-submitted:' || r.id || ':%')::int AS mails
       FROM crm_requests r WHERE r.payload->>'message' LIKE $1`,
    [`%[${MARKER}-form-%`],
  );
  const byMarker = new Map<string, (typeof requests)[number][]>();
  for (const r of requests) byMarker.set(r.marker, [...(byMarker.get(r.marker) ?? []), r]);
  let formsOk = 0;
  for (const [marker, form] of ledger.forms) {
    const rows = byMarker.get(marker) ?? [];
    for (const r of rows)
      if (r.links !== 1 || r.mails !== 1)
        findings.push({
          kind: "half",
          text: `form request ${marker}: ${r.links} form link(s), ${r.mails} owner mail(s)`,
        });
    if (rows.length > 1) findings.push({ kind: "duplicate", text: `form request ${marker}: ${rows.length} rows` });
    if (form.outcome === "ok") {
      formsOk++;
      if (!rows.some((r) => r.id === form.id))
        findings.push({ kind: "lost", text: `form request ${marker}: created (201) and not in the database` });
    } else if (form.outcome === "refused" && rows.length)
      findings.push({ kind: "lost", text: `form request ${marker}: refused and written all the same` });
    else if (form.outcome === "unknown")
      uncertain.push(`form request ${marker}: ${rows.length ? "written" : "not written"}`);
  }
  for (const marker of byMarker.keys())
    if (!ledger.forms.has(marker))
      findings.push({ kind: "lost", text: `form request ${marker}: in the database, never sent` });
  const variants = new Map(requests.map((r) => [r.id as string, r.variant as string]));
  for (const id of ledger.handled)
    if (variants.get(id) !== "handled")
      findings.push({ kind: "lost", text: `form request ${id}: marked handled (200) and now "${variants.get(id)}"` });
  checked.push(
    `contact form requests: ${formsOk} created (201; the row, its link to the form, the owner's mail), ${ledger.handled.size} marked handled (200)`,
  );

  // Product subtitles: each product's working copy says what one of the answered updates sent.
  if (ledger.subtitles.size) {
    const rows = await q(`SELECT id, subtitle->>'en' AS subtitle FROM ecommerce_products WHERE id = ANY($1::uuid[])`, [
      [...ledger.subtitles.keys()],
    ]);
    for (const r of rows)
      if (!ledger.subtitles.get(r.id)!.has(r.subtitle))
        findings.push({
          kind: "lost",
          text: `product ${r.id}: subtitle "${r.subtitle}", which no answered update sent`,
        });
    checked.push(
      `product subtitles: ${[...ledger.subtitles.values()].reduce((n, s) => n + s.size, 0)} updates (200) on ${ledger.subtitles.size} products; each ends with one of them`,
    );
  }

  // Carts: per shopper and product, the quantity in the cart is the sum of the adds answered 201.
  const lines = await q(
    `SELECT s."subjectId" AS subject, l."productId" AS product, sum(l.quantity)::int AS quantity
       FROM rbac_subjects_to_ecommerce_module_orders s
       JOIN ecommerce_orders o ON o.id = s."ecommerceModuleOrderId" AND o.type = 'cart' AND o.status = 'new'
       JOIN ecommerce_orders_to_products l ON l."orderId" = o.id
      GROUP BY 1, 2`,
  );
  const inCarts = new Map(lines.map((r) => [`${r.subject} ${r.product}`, r.quantity as number]));
  let added = 0;
  for (const [key, adds] of ledger.cartAdds) {
    const quantity = inCarts.get(key) ?? 0;
    added += adds.ok;
    if (quantity < adds.ok)
      findings.push({ kind: "lost", text: `cart ${key}: ${adds.ok} added (201), ${quantity} in the cart` });
    else if (quantity > adds.ok + adds.unknown)
      findings.push({ kind: "duplicate", text: `cart ${key}: ${adds.ok} added (201), ${quantity} in the cart` });
    else if (adds.unknown)
      uncertain.push(`cart ${key}: ${quantity - adds.ok} of ${adds.unknown} unanswered adds in the cart`);
  }
  for (const key of inCarts.keys())
    if (!ledger.cartAdds.has(key)) findings.push({ kind: "lost", text: `cart ${key}: a line the load never added` });
  checked.push(
    `cart adds: ${added} (201) over ${ledger.cartAdds.size} shopper × product pairs; each cart holds exactly the quantities added`,
  );

  // Checkouts: each order paying, one status job for the move, run once, and its one mail.
  const orderIds = ledger.checkouts.flatMap((c) => c.orderIds);
  const orders = new Map(
    (
      await q(
        `SELECT o.id, o.status,
                (SELECT count(*) FROM notification_jobs j
                  WHERE j.kind = 'order-status-changed' AND j.payload->>'orderId' = o.id::text AND j.payload->>'to' = 'paying')::int AS jobs,
                (SELECT count(*) FROM notification_jobs j JOIN notification_notifications n ON n.key = 'job:' || j.id
                  WHERE j.kind = 'order-status-changed' AND j.payload->>'orderId' = o.id::text AND j.payload->>'to' = 'paying')::int AS mails
           FROM ecommerce_orders o WHERE o.id = ANY($1::uuid[])`,
        [orderIds],
      )
    ).map((r) => [r.id as string, r]),
  );
  for (const id of orderIds) {
    const order = orders.get(id);
    if (!order) findings.push({ kind: "lost", text: `order ${id}: checked out (200) and not in the database` });
    else if (order.status !== "paying" || order.jobs !== 1 || order.mails !== 1)
      findings.push({
        kind: order.jobs > 1 || order.mails > 1 ? "duplicate" : "half",
        text: `order ${id}: status ${order.status}, ${order.jobs} status job(s), ${order.mails} mail(s)`,
      });
  }
  checked.push(
    `checkouts: ${ledger.checkouts.length} (200), each order paying with one status job and one status mail`,
  );

  // Password resets: per account, one reset mail queued per request answered 200.
  const resets = new Map(
    (
      await q(
        `SELECT recipient, count(*)::int AS n FROM notification_notifications WHERE template = 'password-reset' GROUP BY recipient`,
      )
    ).map((r) => [r.recipient as string, r.n as number]),
  );
  let resetsOk = 0;
  for (const [login, asked] of ledger.resets) {
    const queued = resets.get(login) ?? 0;
    resetsOk += asked.ok;
    if (queued < asked.ok)
      findings.push({
        kind: "lost",
        text: `password reset of ${login}: ${asked.ok} answered 200, ${queued} mail(s) queued`,
      });
    else if (queued > asked.ok + asked.unknown)
      findings.push({
        kind: "duplicate",
        text: `password reset of ${login}: ${asked.ok} asked, ${queued} mail(s) queued`,
      });
  }
  checked.push(`password resets: ${resetsOk} (200), one reset mail each`);

  // The queue: a job claimed more than once ran again (its worker stopped, or it failed once).
  const [jobs] = await q(
    // Not done: a job queued for later and never tried (the daily audit purge) is no work left over.
    `SELECT count(*) FILTER (WHERE attempts > 1)::int AS twice,
            count(*) FILTER (WHERE status <> 'done' AND NOT (status = 'queued' AND attempts = 0 AND "runAt" > now()))::int AS "notDone"
       FROM notification_jobs`,
  );
  const notSent = await q(
    `SELECT status, template, recipient, attempts, error FROM notification_notifications WHERE status <> 'sent'`,
  );
  // Sent in the end, after a temporary failure (the mail server's 4xx, no connection): not a duplicate, but shown.
  const [{ retried }] = await q(
    `SELECT count(*)::int AS retried FROM notification_notifications WHERE status = 'sent' AND attempts > 1`,
  );
  for (const n of notSent)
    findings.push({
      kind: "queue",
      text: `notification ${n.template} to ${n.recipient}: ${n.status} after ${n.attempts} attempt(s)${n.error ? `: ${n.error}` : ""}`,
    });
  // A job is written to be safe to run twice, but a clean stop finishes what it claimed: none should run again here.
  if (jobs.twice) findings.push({ kind: "duplicate", text: `${jobs.twice} job(s) ran more than once` });
  const at = (time: Date | number | null) => (time === null ? "-" : `+${((+time - loadStarted) / 1000).toFixed(1)} s`);
  for (const job of await q(
    `SELECT kind, attempts, status, "createdAt", "updatedAt", payload->>'to' AS "to" FROM notification_jobs WHERE attempts > 1`,
  ))
    findings.push({
      kind: "duplicate",
      text: `job ${job.kind} (to ${job.to}): ${job.attempts} runs, queued ${at(job.createdAt)}, last settled ${at(job.updatedAt)}, ${job.status}`,
    });
  if (jobs.notDone) findings.push({ kind: "queue", text: `${jobs.notDone} job(s) not done` });

  // Mails: every sent notification arrived exactly once (its Message-ID), nothing else arrived.
  const sent = await q(`SELECT "messageId", template FROM notification_notifications WHERE status = 'sent'`);
  const arrived = new Map<string, number>();
  for (const mail of mails) arrived.set(mail.messageId, (arrived.get(mail.messageId) ?? 0) + 1);
  let duplicates = 0;
  for (const [id, n] of arrived)
    if (n > 1) {
      duplicates += n - 1;
      const [row] = await q(
        `SELECT template, attempts, "createdAt", "sentAt" FROM notification_notifications WHERE "messageId" = $1`,
        [id],
      );
      // Each instance sends as its own MAIL_FROM: the copies say which instances sent them.
      const times = mails
        .filter((mail) => mail.messageId === id)
        .map((mail) => `${at(mail.receivedAt)} from ${header(mail.raw, "From")}`);
      findings.push({
        kind: "duplicate",
        text: `mail ${id} received ${n} times (${times.join(", ")}): ${row?.template}, queued ${at(row?.createdAt ?? null)}, ${row?.attempts} attempts, marked sent ${at(row?.sentAt ?? null)}`,
      });
    }
  let missing = 0;
  const byTemplate = new Map<string, number>();
  for (const n of sent) {
    byTemplate.set(n.template, (byTemplate.get(n.template) ?? 0) + 1);
    if (!arrived.has(n.messageId)) {
      missing++;
      findings.push({ kind: "missing mail", text: `${n.template} ${n.messageId}: marked sent, never received` });
    }
  }
  const known = new Set(sent.map((n) => n.messageId as string));
  for (const id of arrived.keys())
    if (!known.has(id)) findings.push({ kind: "duplicate", text: `mail ${id} received with no sent notification` });
  // What the load's answers call for: one owner mail per form request, one status mail per checkout,
  // one per reset, and one per sign-in, each from a device its account has not used (every request
  // of the load comes from an address of its own), telling the account of the new device.
  const signInsOk = ledger.tally.get("sign-in")?.get(200) ?? 0;
  const expected = formsOk + orderIds.length + resetsOk + signInsOk;
  if (sent.length !== expected && !uncertain.length)
    findings.push({ kind: "missing mail", text: `${sent.length} mails sent, the answers call for ${expected}` });
  return {
    findings,
    checked,
    uncertain,
    mails: { received: mails.length, expected, byTemplate, duplicates, missing },
    queue: {
      jobsRunTwice: jobs.twice,
      jobsNotDone: jobs.notDone,
      notificationsNotSent: notSent.map((n) => `${n.template}: ${n.status}`),
      sentAfterRetry: retried,
    },
  };
}

import { describe, expect, test } from "vitest";
import { ApiError } from "../../web/api/client.js";
import { SessionKeeper, type KeeperDeps } from "../../web/admin/auth/session-keeper.js";

// The admin's session keeper (web/admin/auth/session-keeper.ts) decides when a 401 is cured by a
// renewal, when it opens the sign-in dialog, and keeps two tabs from spending one refresh token.
// Here its browser parts are plain objects: a storage two keepers share, and a lock that runs
// one task at a time, as Web Locks do.

const jwtExpiringAt = (ms: number) => `x.${btoa(JSON.stringify({ exp: Math.floor(ms / 1000) }))}.y`;

function browser() {
  const items = new Map<string, string>();
  let held: Promise<unknown> = Promise.resolve();
  return {
    storage: { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) },
    withLock: <T>(_name: string, task: () => Promise<T>): Promise<T> => {
      const run = held.then(task);
      held = run.catch(() => undefined);
      return run;
    },
  };
}

type Answer = "renew" | "refuse" | "unreachable";

function keeperIn(shared: ReturnType<typeof browser>, answers: Answer[]) {
  const calls: Answer[] = [];
  const deps: KeeperDeps = {
    now: () => Date.now(),
    storage: shared.storage,
    withLock: shared.withLock,
    refresh: async () => {
      const answer = answers.shift() ?? "renew";
      calls.push(answer);
      if (answer === "refuse") throw new ApiError("refused", 401, "AUTHENTICATION_ERROR", []);
      if (answer === "unreachable") throw new TypeError("Failed to fetch");
      return { jwt: jwtExpiringAt(Date.now() + 900_000) };
    },
  };
  return { keeper: new SessionKeeper(deps), calls };
}

describe("the admin's session keeper", () => {
  test.each([
    // state before the 401, the refresh's answer → whether the call is sent again, the state after
    { before: "active", answer: "renew", retried: true, after: "active" },
    { before: "unknown", answer: "renew", retried: true, after: "unknown" },
    { before: "unknown", answer: "refuse", retried: false, after: "unknown" },
    { before: "active", answer: "unreachable", retried: false, after: "active" },
  ] as const)("a 401 while $before, refresh answers $answer: sent again $retried, then $after", async (row) => {
    const { keeper } = keeperIn(browser(), [row.answer]);
    if (row.before === "active") keeper.activate(Date.now() + 900_000);
    expect(await keeper.onUnauthorized()).toBe(row.retried);
    expect(keeper.state).toBe(row.after);
    keeper.stop();
  });

  test("a refused renewal after signing in opens the dialog; the calls wait and go on after signing in again", async () => {
    const { keeper } = keeperIn(browser(), ["refuse"]);
    keeper.activate(Date.now() + 900_000);
    const first = keeper.onUnauthorized();
    await expect.poll(() => keeper.state).toBe("ended");
    const second = keeper.onUnauthorized();
    keeper.signedIn(jwtExpiringAt(Date.now() + 900_000));
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(keeper.state).toBe("active");
    keeper.stop();
  });

  test("signing out while the dialog is open lets the waiting calls fail", async () => {
    const { keeper } = keeperIn(browser(), ["refuse"]);
    keeper.activate(Date.now() + 900_000);
    const waiting = keeper.onUnauthorized();
    await expect.poll(() => keeper.state).toBe("ended");
    keeper.stop();
    expect(await waiting).toBe(false);
  });

  test("two tabs renewing at once spend the refresh token once: the second takes the first's renewal", async () => {
    const shared = browser();
    const one = keeperIn(shared, ["renew"]);
    const two = keeperIn(shared, ["renew"]);
    one.keeper.activate(Date.now() + 900_000);
    two.keeper.activate(Date.now() + 900_000);
    expect(await Promise.all([one.keeper.renew(), two.keeper.renew()])).toEqual([true, true]);
    expect([...one.calls, ...two.calls]).toEqual(["renew"]);
    one.keeper.stop();
    two.keeper.stop();
  });

  test("a renewal in one tab, then another's later, both refresh: a stale renewal is not taken", async () => {
    const shared = browser();
    const one = keeperIn(shared, ["renew"]);
    const two = keeperIn(shared, ["renew"]);
    expect(await one.keeper.renew()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await two.keeper.renew()).toBe(true);
    expect([...one.calls, ...two.calls]).toEqual(["renew", "renew"]);
  });
});

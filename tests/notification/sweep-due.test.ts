import { describe, expect, it } from "vitest";
import { LeasedQueue } from "../../server/modules/notification/leased-queue.js";
import { eventually } from "../helpers/eventually.js";

/**
 * The queues look for expired leases a few times per lease length, not on every pass of a busy
 * worker (under checkout traffic those statements ran back to back); a crashed worker's
 * row is still found soon after its lease runs out (tests/notification/crash-and-restart.test.ts).
 */
describe("LeasedQueue.sweepDue", () => {
  const queue = (leaseSeconds: number) =>
    new LeasedQueue(
      undefined as never,
      { table: "notification/notifications", waiting: "new", working: "sending", notBefore: [] },
      leaseSeconds,
    );

  it("is due on the first pass, then not again on the passes right after it", () => {
    const q = queue(300);
    expect(q.sweepDue()).toBe(true);
    expect([q.sweepDue(), q.sweepDue(), q.sweepDue()]).toEqual([false, false, false]);
  });

  it("is due again a quarter of a lease later", async () => {
    const q = queue(0.2); // a look every 50 ms
    expect(q.sweepDue()).toBe(true);
    expect(q.sweepDue()).toBe(false);
    await eventually("the next sweep to be due", () => q.sweepDue());
  });
});

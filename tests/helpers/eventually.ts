/**
 * Waits for something that happens by itself (a queue delivering, a process logging): polls
 * `check` until it returns a value that is not false/undefined/null and resolves with it. Past
 * `timeoutMs` it throws, naming what it waited for and the last value seen, so a test that waits
 * for an event fails with a message instead of hanging or asserting on whatever state it finds.
 * The deadline is a bound on a failure, never an assertion about speed.
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | false | undefined | null> | T | false | undefined | null,
  { timeoutMs = 15_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    last = await check();
    if (last !== false && last !== undefined && last !== null) return last as T;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

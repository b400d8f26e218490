/**
 * The ETags this tab's own saves were answered with: the live stream tells every save of a watched
 * record, this tab's too, and a screen only warns of the others'. The stream's word may arrive
 * before the save's own answer, so a save in flight is counted and the word weighed after it.
 * Bounded: the oldest ETags go first.
 */
const mine = new Set<string>();
const MAX = 200;
let inFlight = 0;
const waiters: (() => void)[] = [];

function remember(etag: string | undefined | null): void {
  if (!etag) return;
  mine.add(etag);
  if (mine.size > MAX) mine.delete(mine.values().next().value!);
}

/** Runs one of this tab's saves; `etagOf` reads the ETag its answer carried. */
export async function ownSave<T>(save: () => Promise<T>, etagOf: (answer: T) => string | undefined): Promise<T> {
  inFlight++;
  try {
    const answer = await save();
    remember(etagOf(answer));
    return answer;
  } finally {
    inFlight--;
    if (inFlight === 0) for (const wake of waiters.splice(0)) wake();
  }
}

/** Whether `etag` is a state this tab's own save made, once its saves in flight are answered. */
export async function isOwnSave(etag: string | null): Promise<boolean> {
  if (inFlight > 0) await new Promise<void>((resolve) => waiters.push(resolve));
  return etag !== null && mine.has(etag);
}

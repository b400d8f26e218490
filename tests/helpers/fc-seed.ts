// The seed every fast-check run in the tests uses, so that a failure can be replayed and CI draws
// the same cases each time (a property that passes there passed on known inputs, not on luck).

/** The seed under CI when FC_SEED is not given: any fixed number will do; change it to draw other cases. */
export const CI_SEED = 20_230_523;

/**
 * FC_SEED when set (to replay a failure: fast-check's report names the seed and path); the fixed
 * CI_SEED when CI=true; otherwise a new seed per run, so local runs keep exploring.
 */
export function propertySeed(env: NodeJS.ProcessEnv = process.env): number {
  if (env.FC_SEED !== undefined && env.FC_SEED !== "") {
    const seed = Number(env.FC_SEED);
    if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${JSON.stringify(env.FC_SEED)}`);
    return seed;
  }
  if (env.CI === "true") return CI_SEED;
  return (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0;
}

let announced = false;

/** The seed, printed once per test file so that any run can be replayed with FC_SEED. */
export function announcedSeed(): number {
  const seed = propertySeed();
  if (!announced) {
    announced = true;
    console.log(`fast-check seed ${seed} (replay with FC_SEED=${seed})`);
  }
  return seed;
}

/**
 * The seed for one property: the run's seed mixed with the property's name (FNV-1a), so that
 * properties draw different values. With one seed for all, each would draw the same uuids: an id
 * one property creates a record with is the "missing" parent another one expects to be refused.
 * Replaying the run's seed replays every property.
 */
export function seedFor(name: string, seed: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return (hash ^ seed) | 0;
}

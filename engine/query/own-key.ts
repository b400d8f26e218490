/**
 * A registry's entry under a key that came from outside (a request, a stored row, a webhook): only
 * the registry's own keys count. `table[key]` would also find what every object inherits, so a
 * variant or module named `constructor`, `toString` or `__proto__` would be "found" as a function.
 * Pure, so server/ and web/ both use it.
 */
export function ownEntry<V>(table: Readonly<Record<string, V>> | undefined, key: string): V | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

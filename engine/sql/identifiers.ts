import { createHash } from "node:crypto";

/** PostgreSQL truncates identifiers past 63 bytes; longer names keep a prefix and a hash so they stay unique. */
export function identifier(name: string): string {
  if (Buffer.byteLength(name) <= 63) return name;
  const hash = createHash("sha256").update(name).digest("hex").slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

export const snake = (s: string) =>
  s
    .replace(/-/g, "_")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase();

export const tableName = (module: string, entity: string) => identifier(`${snake(module)}_${snake(entity)}`);

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

import type { Row } from "../../../common/site/page-data.js";

/** A record's className field (editors style widgets with it), for its root element. */
export function classNameOf(record: Row | undefined, ...more: (string | undefined | false)[]): string | undefined {
  const own = typeof record?.className === "string" ? record.className.trim() : "";
  const joined = [own, ...more].filter(Boolean).join(" ");
  return joined || undefined;
}

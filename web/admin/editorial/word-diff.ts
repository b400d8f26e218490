/** A piece of a compared text: kept as it was, removed (`del`) or added (`ins`). */
export interface Piece {
  text: string;
  kind: "same" | "del" | "ins";
}

/** Past this many words on a side a text is shown as removed and added whole (the table grows with the product of both). */
const MAX_WORDS = 400;

const words = (text: string) => text.split(/(\s+)/).filter((w) => w !== "");

/** Joins neighbouring pieces of one kind: "Meet the " rather than "Meet", " ", "the", " ". */
function merged(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (last && last.kind === piece.kind) last.text += piece.text;
    else out.push({ ...piece });
  }
  return out;
}

/**
 * Two texts compared word by word (a longest common subsequence of words and the spaces between):
 * `before` as pieces kept or removed, `after` as pieces kept or added.
 */
export function wordDiff(before: string, after: string): { before: Piece[]; after: Piece[] } {
  const a = words(before);
  const b = words(after);
  if (a.length > MAX_WORDS || b.length > MAX_WORDS)
    return {
      before: before ? [{ text: before, kind: "del" }] : [],
      after: after ? [{ text: after, kind: "ins" }] : [],
    };
  // common[i][j]: the longest common run of a[i…] and b[j…].
  const common = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const was: Piece[] = [];
  const now: Piece[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      was.push({ text: a[i]!, kind: "same" });
      now.push({ text: b[j]!, kind: "same" });
      i++;
      j++;
    } else if (j < b.length && (i === a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      now.push({ text: b[j++]!, kind: "ins" });
    } else {
      was.push({ text: a[i++]!, kind: "del" });
    }
  }
  return { before: merged(was), after: merged(now) };
}

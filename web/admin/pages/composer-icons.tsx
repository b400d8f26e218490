/**
 * The outline's small icons as inline SVG: the admin's font has no glyph for "copy" (a box is
 * drawn instead), and no icon package is installed. Decorative: their buttons carry the names.
 */
const svg = {
  width: 16,
  height: 16,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
};

export const CopyIcon = () => (
  <svg {...svg} aria-hidden="true">
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </svg>
);

export const GripIcon = () => (
  <svg {...svg} fill="currentColor" stroke="none" aria-hidden="true">
    {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
  </svg>
);

/** A curved arrow back (undo); mirrored, forward (redo). */
export const UndoIcon = () => (
  <svg {...svg} aria-hidden="true">
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </svg>
);

export const RedoIcon = () => (
  <svg {...svg} aria-hidden="true">
    <path d="m15 14 5-5-5-5" />
    <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
  </svg>
);

/** Two linked squares: a block shared by several pages ("Save as reusable block"). */
export const ReusableIcon = () => (
  <svg {...svg} aria-hidden="true">
    <rect x="3" y="3" width="8" height="8" rx="1.5" />
    <rect x="13" y="13" width="8" height="8" rx="1.5" />
    <path d="M11 7h3a3 3 0 0 1 3 3v3" />
  </svg>
);

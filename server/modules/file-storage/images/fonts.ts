import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface FontSpec {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: "normal";
}

const FAMILY = "Noto Sans";
const SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext"] as const;

/**
 * The fonts generated images are drawn with: Noto Sans (SIL Open Font License 1.1, shipped by the
 * @fontsource/noto-sans dependency), regular and bold, in its Latin and Cyrillic subsets, so an
 * English and a Russian title render alike. WOFF files: satori reads TTF, OTF and WOFF, not WOFF2.
 * Read once, on the first image.
 */
let loaded: FontSpec[] | undefined;

export function imageFonts(): FontSpec[] {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const files = join(dirname(require.resolve("@fontsource/noto-sans/package.json")), "files");
  // Each subset is a font of its own name; FONT_FAMILY lists them all, and satori takes a
  // character's glyph from the first font in the list that has it.
  loaded = SUBSETS.flatMap((subset) =>
    ([400, 700] as const).map((weight) => ({
      name: `${FAMILY} ${subset}`,
      weight,
      style: "normal" as const,
      data: readFileSync(join(files, `noto-sans-${subset}-${weight}-normal.woff`)),
    })),
  );
  return loaded;
}

/** The CSS font-family of the templates: every subset, Latin first. */
export const FONT_FAMILY = SUBSETS.map((subset) => `${FAMILY} ${subset}`).join(", ");

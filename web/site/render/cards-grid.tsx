import type { ReactNode } from "react";
import { SimpleGrid } from "./primitives.js";

/** Cards of a widget's list: one column on phones, two from the large breakpoint. */
export function CardsGrid({ children, wide }: { children?: ReactNode; wide?: boolean }) {
  return (
    <SimpleGrid cols={wide ? { base: 1, sm: 2, lg: 3 } : { base: 1, lg: 2 }} spacing="xl" verticalSpacing="xl">
      {children}
    </SimpleGrid>
  );
}

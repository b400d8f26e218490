import { createContext, useContext } from "react";
import type { Variant, VariantEntry } from "../variant-types.js";

/**
 * What a view asks of the variant registry. The registry (web/site/variants.ts) imports every
 * module's variants, and the variants render VariantView: were the view to import the registry,
 * every variant would import it back (a 47-file import circle). So the registry
 * reaches the views through this context, provided where a render starts (render-document.tsx on
 * the server, hydrate.tsx in the browser); tests/structure/web-import-cycles.test.ts keeps it so.
 */
export interface VariantLookup {
  /** The registry entry of a record's variant ('default' when unset); undefined when none. */
  entry(model: string, variant: unknown): VariantEntry | undefined;
  /** Its component: a lazy stand-in while its chunk is not imported yet. */
  component(model: string, variant: unknown): Variant | undefined;
  isLoaded(entry: VariantEntry): boolean;
}

export const VariantRegistryContext = createContext<VariantLookup | null>(null);

export function useVariantRegistry(): VariantLookup {
  const registry = useContext(VariantRegistryContext);
  // A render without the provider would silently show no widget at all: say so instead.
  if (!registry) throw new Error("VariantView rendered outside SiteProviders: no variant registry in context");
  return registry;
}

import { lazy } from "react";
import type { ModuleVariants, Variant, VariantEntry } from "./variant-types.js";
import type { VariantLookup } from "./render/variant-registry-context.js";
import { variants as agent } from "./modules/agent/index.js";
import { variants as analytic } from "./modules/analytic/index.js";
import { variants as billing } from "./modules/billing/index.js";
import { variants as blog } from "./modules/blog/index.js";
import { variants as crm } from "./modules/crm/index.js";
import { variants as ecommerce } from "./modules/ecommerce/index.js";
import { variants as fileStorage } from "./modules/file-storage/index.js";
import { variants as host } from "./modules/host/index.js";
import { variants as notification } from "./modules/notification/index.js";
import { variants as rbac } from "./modules/rbac/index.js";
import { variants as social } from "./modules/social/index.js";
import { variants as startup } from "./modules/startup/index.js";
import { variants as websiteBuilder } from "./modules/website-builder/index.js";
import { ownEntry } from "../../engine/query/own-key.js";

/** Every module's variants in one table: model id → variant name → entry (its file and its import). */
export const variantRegistry: ModuleVariants = Object.assign(
  {},
  agent,
  analytic,
  billing,
  blog,
  crm,
  ecommerce,
  fileStorage,
  host,
  notification,
  rbac,
  social,
  startup,
  websiteBuilder,
);

/** Components already imported, by entry: rendered synchronously (the server, and hydration). */
const loaded = new Map<VariantEntry, Variant>();
/** Stand-ins for variants not imported yet: React.lazy, shown once their chunk arrives. */
const pending = new Map<VariantEntry, Variant>();

const variantName = (variant: unknown) => (typeof variant === "string" && variant ? variant : "default");

/** The registry entry of a record's variant ('default' when unset); undefined when there is none. */
export function findVariantEntry(model: string, variant: unknown): VariantEntry | undefined {
  return ownEntry(ownEntry(variantRegistry, model), variantName(variant));
}

/**
 * The component for a record's variant; undefined renders nothing. One whose code is
 * not loaded yet (a variant that appears only after hydration) is a lazy component: VariantView
 * suspends on it. Pages render only loaded ones: the server loads all, the browser those the
 * server says the page shows, before it hydrates (entry-client.tsx).
 */
export function findVariant(model: string, variant: unknown): Variant | undefined {
  const entry = findVariantEntry(model, variant);
  if (!entry) return undefined;
  const ready = loaded.get(entry);
  if (ready) return ready;
  let stand = pending.get(entry);
  if (!stand) pending.set(entry, (stand = lazy(async () => ({ default: await loadEntry(entry) }))));
  return stand;
}

async function loadEntry(entry: VariantEntry): Promise<Variant> {
  const component = await entry.load();
  loaded.set(entry, component);
  return component;
}

export const isVariantLoaded = (entry: VariantEntry) => loaded.has(entry);

/**
 * The registry as the views see it: the roots of a render (render-document.tsx, hydrate.tsx)
 * provide it through context, so no variant imports this file back (an import circle otherwise).
 */
export const siteVariants: VariantLookup = {
  entry: findVariantEntry,
  component: findVariant,
  isLoaded: isVariantLoaded,
};

/**
 * Adds a variant whose component is at hand (tests, a plug-in registering its own); returns the
 * function that takes it out again.
 */
export function registerVariant(model: string, name: string, component: Variant): () => void {
  const entry: VariantEntry = { file: `registered:${model}:${name}`, load: async () => component };
  (variantRegistry[model] ??= {})[name] = entry;
  loaded.set(entry, component);
  return () => {
    delete variantRegistry[model]![name];
    loaded.delete(entry);
  };
}

/** Imports the variants of these source files (the ones a server-rendered page used). */
export async function loadVariantFiles(files: readonly string[]): Promise<void> {
  const wanted = new Set(files);
  await Promise.all(
    allEntries()
      .filter((entry) => wanted.has(entry.file) && !loaded.has(entry))
      .map(loadEntry),
  );
}

/** Imports every variant: the server renders synchronously, so it needs them all at hand. */
export async function loadAllVariants(): Promise<void> {
  await Promise.all(
    allEntries()
      .filter((entry) => !loaded.has(entry))
      .map(loadEntry),
  );
}

export function allEntries(): VariantEntry[] {
  return Object.values(variantRegistry).flatMap((byName) => Object.values(byName));
}

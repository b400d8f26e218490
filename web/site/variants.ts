import type { ModuleVariants, Variant } from "./variant-types.js";
import { variants as billing } from "./modules/billing/index.js";
import { variants as blog } from "./modules/blog/index.js";
import { variants as crm } from "./modules/crm/index.js";
import { variants as ecommerce } from "./modules/ecommerce/index.js";
import { variants as fileStorage } from "./modules/file-storage/index.js";
import { variants as host } from "./modules/host/index.js";
import { variants as rbac } from "./modules/rbac/index.js";
import { variants as social } from "./modules/social/index.js";
import { variants as websiteBuilder } from "./modules/website-builder/index.js";

/** Every module's variants in one table: model id → variant name → component. */
export const variantRegistry: ModuleVariants = Object.assign({}, billing, blog, crm, ecommerce, fileStorage, host, rbac, social, websiteBuilder);

/** The component for a record's variant ('default' when unset); undefined renders nothing (SPEC.md). */
export function findVariant(model: string, variant: unknown): Variant | undefined {
  const name = typeof variant === "string" && variant ? variant : "default";
  return variantRegistry[model]?.[name];
}

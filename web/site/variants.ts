import type { ModuleVariants, Variant } from "./variant-types.js";
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

/** Every module's variants in one table: model id → variant name → component. */
export const variantRegistry: ModuleVariants = Object.assign({}, agent, analytic, billing, blog, crm, ecommerce, fileStorage, host, notification, rbac, social, startup, websiteBuilder);

/** The component for a record's variant ('default' when unset); undefined renders nothing (SPEC.md). */
export function findVariant(model: string, variant: unknown): Variant | undefined {
  const name = typeof variant === "string" && variant ? variant : "default";
  return variantRegistry[model]?.[name];
}

import { DEFAULT_LANGUAGE, LANGUAGES } from "../../engine/schema/languages.js";
import { loadRegistry } from "../../engine/schema/load.js";
import type { Registry } from "../../engine/schema/registry.js";
import { paths } from "../../server/config.js";
import { providerEnums } from "../../server/modules/billing/providers/index.js";
import { crmEnums } from "../../server/modules/crm/input-types.js";

/**
 * The model registry as `buildApp` loads it: with the lists `x-enum-from` names (the payment
 * providers, the site's languages), so a test that draws field values from the registry draws
 * what the app accepts.
 */
export function appRegistry(): Registry {
  return loadRegistry(paths.schemas, {
    enums: { ...providerEnums({}), ...crmEnums(), languages: { values: [...LANGUAGES], default: DEFAULT_LANGUAGE } },
  });
}

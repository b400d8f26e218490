import type { FastifyInstance } from "fastify";
import { blockCatalogue, moduleLabels } from "../../../../common/site/block-catalogue.js";
import { defineRoute } from "../../../modules/route.js";

/**
 * GET /api/host/blocks/catalogue: the composer's palette — per module, the variants of its
 * widgets a block can use (those the site registry renders: app.web.variants(), but those kept out
 * of the palette: CatalogueEntry.inPalette), with labels and one-line
 * descriptions in en and ru and the kinds of children each takes. It describes the code, not
 * content, so it is as public as every GET under /api/host.
 */
export function registerCatalogueRoute(app: FastifyInstance) {
  const rendered = app.web.variants();
  const modules = Object.entries(blockCatalogue)
    .map(([module, variants]) => ({
      module,
      label: moduleLabels[module],
      variants: Object.entries(variants)
        .filter(([variant, entry]) => entry.inPalette !== false && rendered[`${module}/widgets`]?.includes(variant))
        .map(([variant, entry]) => ({
          variant,
          label: entry.label,
          description: entry.description,
          children: [...entry.children],
        })),
    }))
    // A module whose every variant is kept out (startup's, analytics' text widgets) is no heading.
    .filter((module) => module.variants.length > 0);
  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/host/blocks/catalogue",
      tag: "host",
      summary:
        "The block palette: `[{ module, label: { en, ru }, variants: [{ variant, label: { en, ru }, description: { en, ru }, children }] }]`, `children` the kinds of children a variant takes (features, buttons, slides, products…)",
    },
    async () => ({ data: modules }),
  );
}

import type { SiteData } from "../../data/site-data.js";
import { VariantView } from "../../render/variant-view.js";

/** All buttons of a widget's buttons arrays, flattened in order: the navigation entries. */
export function NavbarLinks({ site, widgetId }: { site: SiteData; widgetId: string }) {
  return (
    <>
      {site
        .related("website-builder/widgets-to-buttons-arrays", widgetId)
        .flatMap(({ record: array }) =>
          site
            .related("website-builder/buttons-arrays-to-buttons", array.id)
            .map(({ relation, record }) => (
              <VariantView key={relation.id} model="website-builder/buttons" record={record} relation={relation} />
            )),
        )}
    </>
  );
}

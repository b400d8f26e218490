import type { VariantProps } from "../../variant-types.js";
import { SearchBox } from "./search-box.js";
import { WidgetNavbarDefault } from "./widget-navbar-default.js";

/** The site header with a search box on the bar (docs/site.md, "Search"): the navbar-default's header plus SearchBox. */
export function WidgetNavbarSearchDefault(props: VariantProps) {
  return <WidgetNavbarDefault {...props} search={<SearchBox />} />;
}

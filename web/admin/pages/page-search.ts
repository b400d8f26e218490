import type { Query } from "../../api/client.js";
import { LANGUAGES } from "../../../engine/schema/languages.js";

/**
 * The filters of the pages list's search: any of the page's titles (a language map's every
 * language, or a plain string title of an older page), its URL or its admin title contains the
 * words. Sent as one `or` group (the filter language, docs/api.md).
 */
export function pageSearch(text: string, titleIsMap = true): Query {
  const value = text.trim();
  if (!value) return {};
  const titles = titleIsMap
    ? LANGUAGES.map((language) => ({
        column: `title->>${language}`,
        method: "ilike",
        value,
      }))
    : [{ column: "title", method: "ilike", value }];
  return {
    "filters[or]": JSON.stringify([
      { column: "url", method: "ilike", value },
      { column: "adminTitle", method: "ilike", value },
      ...titles,
    ]),
  };
}

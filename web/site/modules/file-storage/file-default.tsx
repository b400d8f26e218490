import { FileView } from "../../../ui/file-view.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";

/** A file-storage file: image (alt text in the page's language), video with controls, or a download link. */
export function FileDefault({ record }: VariantProps) {
  const site = useSite();
  return <FileView file={record} language={site.language} />;
}

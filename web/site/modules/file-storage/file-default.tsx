import { FileView } from "../../../ui/file-view.js";
import type { VariantProps } from "../../variant-types.js";

/** A file-storage file: image, video with controls, or a download link. */
export function FileDefault({ record }: VariantProps) {
  return <FileView file={record} />;
}

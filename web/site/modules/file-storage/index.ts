import type { ModuleVariants } from "../../variant-types.js";
import { FileDefault } from "./file-default.js";
import { FileStorageWidgetDefault } from "./widget-default.js";

/** The file-storage module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  // The generated template variants (Open Graph image, order receipt, product attachment) are images like any other.
  "file-storage/files": {
    default: FileDefault,
    "generate-template-opengraph-image-default": FileDefault,
    "generate-template-ecommerce-order-receipt-default": FileDefault,
    "generate-template-ecommerce-product-attachment-default": FileDefault,
  },
  "file-storage/widgets": { default: FileStorageWidgetDefault },
};

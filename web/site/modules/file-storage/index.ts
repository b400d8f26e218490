import { variant, type ModuleVariants } from "../../variant-types.js";

/** The file-storage module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  // The generated template variants (Open Graph image, order receipt, product attachment) are images like any other.
  "file-storage/files": {
    default: variant("site/modules/file-storage/file-default.tsx", () => import("./file-default.js"), "FileDefault"),
    "generate-template-opengraph-image-default": variant(
      "site/modules/file-storage/file-default.tsx",
      () => import("./file-default.js"),
      "FileDefault",
    ),
    "generate-template-ecommerce-order-receipt-default": variant(
      "site/modules/file-storage/file-default.tsx",
      () => import("./file-default.js"),
      "FileDefault",
    ),
    "generate-template-ecommerce-product-attachment-default": variant(
      "site/modules/file-storage/file-default.tsx",
      () => import("./file-default.js"),
      "FileDefault",
    ),
  },
  "file-storage/widgets": {
    default: variant(
      "site/modules/file-storage/widget-default.tsx",
      () => import("./widget-default.js"),
      "FileStorageWidgetDefault",
    ),
  },
};

import { defineModule } from "../module.js";
import { registerFileStorageModule } from "./file-storage-module.js";

// What other modules may use of file-storage: generated files and the image templates drawn
// into them (the shop's receipt and product attachment), with the strings they are drawn in.
export { contentHash, type GeneratedFiles } from "./images/generated-files.js";
export { siteName } from "./images/opengraph.js";
export { fileThumbnailOf, type FileThumbnail } from "./file-thumbnails.js";
// The files' records another module shows or writes (a product's photos): a subquery to join, which ids are files, alt texts.
export { announceFileChanges, fileIdsAmong, fileRows, updateFileAlts } from "./file-records.js";
export type { OpengraphPageReader, PageOpenGraph } from "./images/opengraph-pages.js";
// The SSRF guard create-from-url fetches through, for another module that connects to addresses admins give (webhooks).
export {
  checkUrl,
  guardedLookup,
  parseAllowList,
  RefusedUrl,
  refusal,
  refused,
  systemResolver,
  type AllowList,
  type Resolver,
} from "./url-fetch/ssrf-guard.js";
export { imageText } from "./images/templates/image-strings.js";
export { OrderReceipt, RECEIPT_SIZE, type ReceiptInput, type ReceiptRow } from "./images/templates/order-receipt.js";
export {
  PRODUCT_ATTACHMENT_SIZE,
  ProductAttachment,
  type ProductAttachmentInput,
} from "./images/templates/product-attachment.js";

/** Stored and generated files (`app.storedFiles`, `app.generatedFiles`), uploads, /public/files and the files routes. */
export const fileStorage = defineModule("file-storage", ["rbac"], (app, config) =>
  registerFileStorageModule(app, config),
);

import { DEFAULT_LANGUAGE } from "../../../engine/schema/languages.js";
import type { FastifyInstance } from "fastify";
import { createElement } from "react";
import { validationError } from "../../../engine/errors.js";
import { isUuid } from "../../../engine/query/coerce.js";
import {
  contentHash,
  OrderReceipt,
  PRODUCT_ATTACHMENT_SIZE,
  ProductAttachment,
  RECEIPT_SIZE,
  type GeneratedFiles,
} from "../file-storage/index.js";
import { languageOf, type ShopImageData } from "./shop-image-data.js";

export const RECEIPT_VARIANT = "generate-template-ecommerce-order-receipt-default";
export const PRODUCT_ATTACHMENT_VARIANT = "generate-template-ecommerce-product-attachment-default";

function uuidInput(input: Record<string, unknown>, name: string): string {
  const value = input[name];
  if (value === undefined) throw validationError(`${name} is required`, [{ path: `/${name}`, message: "is required" }]);
  if (!isUuid(value))
    throw validationError(`/${name} must be a uuid`, [{ path: `/${name}`, message: "must be a uuid" }]);
  return value;
}

/**
 * The shop's generated images: an order's receipt (docs/files.md: 1500×1500, variant
 * generate-template-ecommerce-order-receipt-default; its lines, total and currency, status and
 * date, in the subject's language) set as the order's `receipt`; and a product's attachment (its
 * card as an image) linked to the product by products-to-file-storage-module-files.
 */
export function registerShopImages(app: FastifyInstance, generated: GeneratedFiles, data: ShopImageData) {
  generated.register(RECEIPT_VARIANT, async (input) => {
    const orderId = uuidInput(input, "orderId");
    const orders = app.repositories.get("ecommerce/orders")!;
    const order = await orders.get(orderId);
    const language = languageOf(input.language) ?? (await data.subjectLanguage(orderId)) ?? DEFAULT_LANGUAGE;
    const receipt = await data.receipt(order, language);
    // The date shown: when the status changed (the job says), else the order's last change.
    if (typeof input.date === "string" && !Number.isNaN(Date.parse(input.date))) receipt.date = new Date(input.date);
    const { date: _shownDate, ...content } = receipt;
    return {
      // Not the date: linking the receipt changes the order's updatedAt, and must not make it new.
      key: `receipt:${orderId}:${contentHash(content)}`,
      replaces: `receipt:${orderId}:`,
      adminTitle: `Receipt ${orderId.slice(0, 8)} (${order.status})`,
      element: createElement(OrderReceipt, receipt),
      ...RECEIPT_SIZE,
      link: async (record) => {
        if (order.receipt !== record.file) await orders.update(orderId, { receipt: record.file });
      },
    };
  });

  generated.register(PRODUCT_ATTACHMENT_VARIANT, async (input) => {
    const productId = uuidInput(input, "productId");
    const product = await app.repositories.get("ecommerce/products")!.get(productId);
    const language = languageOf(input.language) ?? DEFAULT_LANGUAGE;
    const attachment = await data.attachment(product, language);
    return {
      key: `product-attachment:${productId}:${language}:${contentHash(attachment)}`,
      replaces: `product-attachment:${productId}:${language}:`,
      adminTitle: `${attachment.title} (${language})`,
      element: createElement(ProductAttachment, attachment),
      ...PRODUCT_ATTACHMENT_SIZE,
      link: async (record) => {
        const links = app.repositories.get("ecommerce/products-to-file-storage-module-files")!;
        const field = links.model.fieldMap.get("fileStorageModuleFileId")!;
        const existing = await links.count([{ field, kind: field.kind, method: "eq", value: record.id }]);
        if (existing === 0)
          await links.create({ productId, fileStorageModuleFileId: record.id, variant: "attachment-default" });
      },
    };
  });
}

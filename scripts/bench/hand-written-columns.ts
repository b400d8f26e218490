// The hand-written baseline's columns of ecommerce_products, in the generated route's order: its
// answers must equal the generated ones (bench:crud compares them), so this list follows the
// products schema; tests/scripts/hand-written-columns.test.ts says when it falls behind.
export const HAND_WRITTEN_COLUMNS = [
  "id",
  "createdAt",
  "updatedAt",
  "variant",
  "className",
  "adminTitle",
  "slug",
  "title",
  "subtitle",
  "description",
  "shortDescription",
  "type",
  "stock",
  "shipping",
  "weight",
];
export const HAND_WRITTEN_JSON_COLUMNS = new Set(["title", "subtitle", "description", "shortDescription"]);

-- 0034_discount_codes_any_case: written by hand (an index on an expression, which schemas/ cannot say), not by `npm run generate`
-- A buyer's code is compared without regard to case (docs/shop-pricing.md): SPRING10 and spring10
-- are one code, so two codes that differ only in case cannot both exist (a 409 like any unique
-- field's), and the checkout finds a typed code by this index.

CREATE UNIQUE INDEX "ecommerce_discount_codes_code_upper_key" ON "ecommerce_discount_codes" (upper("code"));

import type { TestApp } from "../helpers/test-app.js";

/** A case of module-body-forms.test.ts (its shape repeated, so that file need only spread these in). */
interface Case {
  status: number;
  prepare: (
    form: string,
    n: string,
  ) => Promise<{ url: string; data: unknown; caller: "key"; effect?: () => Promise<unknown> }>;
}

/**
 * The owner's discount code saves (docs/shop-pricing.md "Owner screens") read their body in the
 * three forms alike: each form saves its own code, limited to none, and the effect is the code's
 * kind and value as stored.
 */
export function discountCodeBodyFormCases(app: () => TestApp): Record<string, Case> {
  const form = (code: string) => ({ code: { code, kind: "percent", value: "15" }, productIds: [], categoryIds: [] });
  const stored = (id: () => string) => async () => {
    const { kind, value } = (await app().request({ method: "GET", url: `/api/ecommerce/discount-codes/${id()}` })).body
      .data;
    return { kind, value };
  };
  return {
    "POST /api/ecommerce/discount-codes/editor": {
      status: 201,
      prepare: async (_form, n) => ({
        url: "/api/ecommerce/discount-codes/editor",
        data: form(`FORM${n.replace(/[^A-Za-z0-9]/g, "")}`),
        caller: "key",
      }),
    },
    "PUT /api/ecommerce/discount-codes/:id/editor": {
      status: 200,
      prepare: async (_form, n) => {
        const code = `EDIT${n.replace(/[^A-Za-z0-9]/g, "")}`;
        const made = await app().request({
          method: "POST",
          url: "/api/ecommerce/discount-codes",
          payload: { data: { code, kind: "amount", value: "1" } },
        });
        const id = String(made.body.data.id);
        return {
          url: `/api/ecommerce/discount-codes/${id}/editor`,
          data: form(code),
          caller: "key",
          effect: stored(() => id),
        };
      },
    },
  };
}

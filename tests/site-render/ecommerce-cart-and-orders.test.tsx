import { renderToString } from "react-dom/server";
import type { ReactNode } from "react";
import { describe, expect, test } from "vitest";
import type { Language, Row } from "../../common/site/page-data.js";
import { billingStrings } from "../../web/site/modules/billing/strings.js";
import { CartStore, EMPTY_CART, type CartState } from "../../web/site/modules/ecommerce/cart/cart-store.js";
import { CartProvider } from "../../web/site/modules/ecommerce/cart/use-cart.js";
import { multiplyAmount, sumAmounts } from "../../common/money.js";
import { OrderSelectionContext } from "../../web/site/modules/ecommerce/orders/order-selection.js";
import { paymentHref, returnPaths, type Order } from "../../web/site/modules/ecommerce/helpers/shop-api.js";
import { shopStrings, statusText } from "../../web/site/modules/ecommerce/helpers/strings.js";
import { commonTotals } from "../../web/site/modules/ecommerce/helpers/totals.js";
import { navbarExtras } from "../../web/site/navbar-extras.js";
import { renderDocument } from "../../web/site/render/render-document.js";
import { SiteProviders } from "../../web/site/render/site-app.js";
import { siteVariants } from "../../web/site/variants.js";
import { PageView } from "../../web/site/render/page-view.js";
import { VariantView } from "../../web/site/render/variant-view.js";
import { SessionStore } from "../../web/site/session/session-store.js";
import type { SessionState, Subject } from "../../web/site/session/types.js";
import { SessionProvider } from "../../web/site/session/use-session.js";
import { paymentPageData } from "../../server/site/payment-page-route.js";
import { en, PageBuilder, textOf } from "./fixtures.js";

const LANGUAGES: Language[] = ["en", "ru"];
const subject: Subject = {
  id: "0b6f5d1e-1111-4c1c-9a6e-000000000001",
  slug: "ann",
  identities: [
    { id: "0b6f5d1e-2222-4c1c-9a6e-000000000002", provider: "email_and_password", email: "ann@example.com" },
  ],
  roles: [],
};
const SIGNED_IN: SessionState = { status: "signed-in", subject };
const frozenSession = (state: SessionState) =>
  new SessionStore(
    {
      storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
      call: async () => {
        throw new Error("no calls in a render");
      },
      navigate: () => {},
      home: () => "/",
      now: () => 0,
      notify: () => {},
    },
    state,
  );
const frozenCart = (state: CartState) =>
  new CartStore(async () => {
    throw new Error("no calls in a render");
  }, state);

const usd = {
  id: "c-usd",
  slug: "usd",
  symbol: "$",
  decimals: 2,
  isDefault: true,
  title: en("US dollar", "Доллар США"),
};
const eur = { id: "c-eur", slug: "eur", symbol: "€", decimals: 2, isDefault: false, title: en("Euro", "Евро") };

/** A shop page: a mug priced in dollars and euros (cheaper in the store), a price key, a store, a PDF and a photo. */
function shop(language: Language = "en") {
  const page = new PageBuilder({ language });
  const dollars = page.add("billing/currencies", usd);
  const euros = page.add("billing/currencies", eur);
  const key = page.add("ecommerce/attribute-keys", {
    type: "price",
    title: en("Price", "Цена"),
    prefix: {},
    suffix: {},
  });
  const mug = page.add("ecommerce/products", {
    slug: "mug",
    title: en("Ceramic mug", "Кружка"),
    shortDescription: en("350 ml"),
    description: {},
  });
  const price = (owner: string, parent: Row, amount: string, currency: Row, index: number) => {
    const attribute = page.add("ecommerce/attributes", { number: amount, string: {} });
    page.link("ecommerce/attribute-keys-to-attributes", key, attribute);
    page.link("ecommerce/attributes-to-billing-module-currencies", attribute, currency);
    page.link(owner, parent, attribute, { orderIndex: index });
  };
  price("ecommerce/products-to-attributes", mug, "24.50", dollars, 0);
  price("ecommerce/products-to-attributes", mug, "22", euros, 1);
  const store = page.add("ecommerce/stores", { slug: "north", title: en("North store", "Северный магазин") });
  const inStore = page.link("ecommerce/stores-to-products", store, mug, { sku: "N-1" });
  price("ecommerce/stores-to-products-to-attributes", inStore, "21.00", dollars, 0);
  const pdf = page.add("file-storage/files", {
    file: "/public/files/care-guide.pdf",
    mimeType: "application/pdf",
    adminTitle: "Care guide.pdf",
    size: 254_000,
    extension: "pdf",
  });
  page.link("ecommerce/products-to-file-storage-module-files", mug, pdf);
  return { page, mug, store, inStore, pdf };
}

const line = (orderId: string, productId: string, quantity: number, title = en("Ceramic mug", "Кружка")) => ({
  id: `${orderId}-line`,
  orderId,
  productId,
  storeId: null,
  quantity,
  product: { id: productId, slug: "mug", title, adminTitle: "Mug" },
});
const order = (
  id: string,
  productId: string,
  quantity: number,
  totals: [string, typeof usd][],
  extra: Partial<Order> = {},
): Order => ({
  id,
  type: "cart",
  status: "new",
  createdAt: "2026-03-01T10:00:00.000Z",
  ordersToProducts: [line(id, productId, quantity)],
  total: totals.map(([total, currency]) => ({ total, billingModuleCurrency: currency })),
  ...extra,
});
const cartOf = (orders: Order[]): CartState => ({
  subjectId: subject.id,
  loaded: true,
  orders,
  quantity: orders.reduce((n, o) => n + o.ordersToProducts[0]!.quantity, 0),
  total: commonTotals(orders.map((o) => o.total)),
});

/** Server-renders `node` for a page with a session and a cart in known states. */
function render(node: ReactNode, page: PageBuilder, session: SessionState, cart: CartState = EMPTY_CART) {
  const html = renderToString(
    <SiteProviders data={page.data} variants={siteVariants}>
      <SessionProvider store={frozenSession(session)}>
        <CartProvider store={frozenCart(cart)}>{node}</CartProvider>
      </SessionProvider>
    </SiteProviders>,
  );
  return { html, text: textOf(html) };
}
const product = (variant: string, built = shop(), relation?: Row) => (
  <VariantView model="ecommerce/products" record={{ ...built.mug, variant }} relation={relation} />
);

describe("product cart card (cart-default)", () => {
  test.each(
    LANGUAGES.flatMap(
      (language) =>
        [
          ["loading", language, { status: "loading" } as SessionState, "disabled add"],
          // A visitor adds as a guest: the same button, and Buy now.
          ["signed out", language, { status: "signed-out" } as SessionState, "add and buy now"],
          ["signed in, not in the cart", language, SIGNED_IN, "add and buy now"],
        ] as const,
    ),
  )("%s (%s): price and 'Add to cart'", (_name, language, session, expected) => {
    const t = shopStrings[language]!;
    const built = shop(language);
    const { html, text } = render(
      product("cart-default", built),
      built.page,
      session,
      session.status === "signed-in" ? cartOf([]) : EMPTY_CART,
    );
    expect(text).toContain(language === "ru" ? "Кружка" : "Ceramic mug");
    expect(html).toContain(`aria-label="${language === "ru" ? "Цена" : "Price"}: $24.50"`);
    expect(html).toContain(`aria-label="${language === "ru" ? "Цена" : "Price"}: €22.00"`);
    expect(text).toContain(t.addToCart);
    expect(html).not.toContain("select-method");
    expect(/<button[^>]*disabled=""[^>]*data-add-to-cart/.test(html)).toBe(expected === "disabled add");
    expect(text.includes(t.buyNow)).toBe(expected === "add and buy now");
  });

  test.each(LANGUAGES)("in the cart (%s): quantity, Checkout and Delete instead of 'Add to cart'", (language) => {
    const t = shopStrings[language]!;
    const built = shop(language);
    const { html, text } = render(
      product("cart-default", built),
      built.page,
      SIGNED_IN,
      cartOf([order("o1", built.mug.id, 2, [["49.00", usd]])]),
    );
    expect(html).toContain('data-in-cart="true"');
    expect(text).toContain(t.inCart);
    expect(html).toMatch(/<input[^>]*aria-label="[^"]*"[^>]*value="2"/);
    expect(text).toContain(`${t.checkout} ${t.delete}`);
    expect(text).not.toContain(t.addToCart);
  });

  test("on a store's page the card shows the store's own price and adds from that store", () => {
    const built = shop();
    const { html } = render(product("default", built, built.inStore), built.page, SIGNED_IN, cartOf([]));
    expect(html).toContain('aria-label="Price: $21.00"');
    expect(html).not.toContain("$24.50");
    // Without the store, the product's own price.
    expect(render(product("default", built), built.page, SIGNED_IN, cartOf([])).html).toContain(
      'aria-label="Price: $24.50"',
    );
  });
});

describe("product variants", () => {
  test.each([
    ["price-default", ["$24.50", "€22.00"]],
    ["amount", ["$24.50"]],
    ["currency-toggle-group-default", ["USD $", "EUR €", "$24.50"]],
  ])("%s shows %j", (variant, expected) => {
    const built = shop();
    const { text } = render(product(variant, built), built.page, { status: "loading" });
    for (const part of expected) expect(text).toContain(part);
  });

  test.each(LANGUAGES)("attachment-default (%s): the product's files with size and a Download link", (language) => {
    const built = shop(language);
    const { html, text } = render(product("attachment-default", built), built.page, { status: "loading" });
    expect(text).toContain(
      `${shopStrings[language]!.attachments} PDF Care guide.pdf 248.0 KB ${shopStrings[language]!.download}`,
    );
    expect(html).toMatch(/<a[^>]*href="\/public\/files\/care-guide.pdf"[^>]*download/);
  });

  test("id-total-default: the product's total in the subject's cart; nothing for visitors", () => {
    const built = shop();
    const cart = cartOf([
      order("o1", built.mug.id, 2, [
        ["49.00", usd],
        ["44.00", eur],
      ]),
      order("o2", built.mug.id, 1, [["21.00", usd]]),
    ]);
    const { text } = render(product("id-total-default", built), built.page, SIGNED_IN, cart);
    expect(text).toContain("In your cart: 3 Total $70.00");
    expect(text).not.toContain("€");
    expect(render(product("id-total-default", built), built.page, { status: "signed-out" }).html).toBe(
      render(null, built.page, { status: "signed-out" }).html,
    );
  });
});

describe("order variants", () => {
  const cartOrder = order("o1", "p1", 3, [
    ["73.50", usd],
    ["66.00", eur],
  ]);
  const view = (variant: string, record: Order) => (
    <VariantView model="ecommerce/orders" record={{ ...(record as unknown as Row), variant }} />
  );

  test.each(LANGUAGES)("cart-default (%s): product link, quantity, amount per currency and Delete", (language) => {
    const { html, text } = render(view("cart-default", cartOrder), shop(language).page, SIGNED_IN, cartOf([cartOrder]));
    expect(html).toMatch(new RegExp(`<a[^>]*href="${language === "ru" ? "/ru" : ""}/ecommerce/products/mug"`));
    expect(text).toContain(
      `${language === "ru" ? "Кружка" : "Ceramic mug"} $73.50 €66.00 ${shopStrings[language]!.delete}`,
    );
    expect(html).toMatch(/value="3"/);
  });

  test.each([
    ["total", "Total $73.50 €66.00"],
    ["quantity", "Items: 3"],
    ["delete", "Delete"],
    ["checkout", "Currency USD $ EUR €"],
  ])("%s", (variant, expected) => {
    const { text } = render(view(variant, cartOrder), shop().page, SIGNED_IN, cartOf([cartOrder]));
    expect(text).toContain(expected);
  });

  test("checkout: provider select starting on dummy, the subject's email, the chosen currency's total and 'Checkout'", () => {
    const { html, text } = render(view("checkout", cartOrder), shop().page, SIGNED_IN, cartOf([cartOrder]));
    expect(html).toMatch(/value="Dummy \(test payments\)"/);
    expect(html).toContain('value="ann@example.com"');
    expect(text).toContain("Total $73.50 Checkout");
  });

  test("form-field-default: a checkbox inside a checkout form, nothing outside", () => {
    const selection = { selected: new Set(["o1"]), toggle: () => {} };
    const inForm = render(
      <OrderSelectionContext.Provider value={selection}>
        {view("form-field-default", cartOrder)}
      </OrderSelectionContext.Provider>,
      shop().page,
      SIGNED_IN,
    );
    expect(inForm.html).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
    expect(inForm.html).toContain('aria-label="Include in checkout: Ceramic mug"');
    expect(render(view("form-field-default", cartOrder), shop().page, SIGNED_IN).html).not.toContain("checkbox");
  });

  test.each([
    // The order desk's words (common/order-status-names.ts): paid where the desk says paid.
    ["en", "approving", "Paid"],
    ["ru", "approving", "Оплачен"],
    ["en", "paying", "Awaiting payment"],
    ["ru", "paying", "Ожидает оплаты"],
    ["en", "canceled", "Canceled"],
  ] as const)("history-default (%s): status %s reads %s", (language, status, label) => {
    const past = order("o9", "p1", 1, [["24.50", usd]], { type: "history", status });
    const { html, text } = render(view("history-default", past), shop(language).page, SIGNED_IN);
    expect(html).toContain(`data-order-status="${status}"`);
    expect(text).toContain(label);
    // The number the mails and the order desk name it by.
    expect(text).toContain(`${language === "ru" ? "Заказ" : "Order"} ${String(past.id).slice(0, 8)} ·`);
    expect(text).toContain("$24.50");
    expect(statusText(status, language)).toBe(label);
  });

  test("create: 'Add to cart' for the order's product", () => {
    const { html, text } = render(
      <VariantView model="ecommerce/orders" record={{ id: "new", variant: "create", productId: "p1" }} />,
      shop().page,
      SIGNED_IN,
      cartOf([]),
    );
    expect(text).toBe("Add to cart");
    expect(html).toContain('data-add-to-cart="p1"');
  });
});

describe("cart checkout screen (order-list-default)", () => {
  const widget = (language: Language) => {
    const page = shop(language).page;
    page.widget("ecommerce", { variant: "order-list-default", title: en("Cart", "Корзина") });
    return page;
  };
  const screen = (language: Language, session: SessionState, cart: CartState) =>
    render(<PageView />, widget(language), session, cart);

  test.each(LANGUAGES)("loading (%s): the title and a skeleton, nobody's cart", (language) => {
    const { html, text } = screen(language, { status: "loading" }, EMPTY_CART);
    expect(text).toBe(language === "ru" ? "Корзина" : "Cart");
    expect(html).toContain("data-loading");
  });

  test.each(LANGUAGES)("signed out (%s): an empty cart, and a sign-in link that says why", (language) => {
    const { html, text } = screen(language, { status: "signed-out" }, EMPTY_CART);
    expect(text).toContain(
      `${shopStrings[language]!.emptyCart} ${shopStrings[language]!.signInToSeeCart} ${shopStrings[language]!.signIn}`,
    );
    expect(html).toContain(
      `href="${language === "ru" ? "/ru" : ""}/rbac/subject/authentication/select-method?reason=cart"`,
    );
  });

  test.each(LANGUAGES)("signed in with an empty cart (%s)", (language) => {
    const { text } = screen(language, SIGNED_IN, cartOf([]));
    expect(text).toContain(`${shopStrings[language]!.emptyCart} ${shopStrings[language]!.browseProducts}`);
  });

  test.each(LANGUAGES)(
    "signed in (%s): each order with its checkbox, totals of the chosen orders per currency, fields and 'Checkout'",
    (language) => {
      const t = shopStrings[language]!;
      const orders = [
        order("o1", "p1", 2, [
          ["49.00", usd],
          ["44.00", eur],
        ]),
        order("o2", "p2", 1, [
          ["18.00", usd],
          ["16.50", eur],
        ]),
      ];
      const { html, text } = screen(language, SIGNED_IN, cartOf(orders));
      expect(html.match(/data-cart-order=/g)).toHaveLength(2);
      expect(html.match(/type="checkbox"[^>]*checked=""/g)).toHaveLength(2);
      expect(text).toContain(`${t.checkout} ${t.total} $67.00 €60.50 ${t.currency} USD $ EUR €`);
      expect(text).toContain(t.provider);
      expect(text).toContain(t.invoiceEmail);
      expect(html).toMatch(new RegExp(`value="${t.providerDummy.replace(/[()]/g, "\\$&")}"`));
      expect(html).toContain('value="ann@example.com"');
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*data-checkout-submit/);
      expect(text).toContain(`${t.items}: 3`);
    },
  );
});

describe("navbar cart", () => {
  const CartButton = navbarExtras.find((extra) => extra.name === "ecommerce-cart")!.component;
  test("sits on the bar at every width, before the user menu", () => {
    expect(navbarExtras.map((e) => [e.name, e.placement ?? "menu"])).toEqual([
      ["ecommerce-cart", "bar"],
      ["rbac-user-menu", "menu"],
    ]);
  });
  test.each([
    ["loading", { status: "loading" } as SessionState, EMPTY_CART, false, undefined],
    ["signed out", { status: "signed-out" } as SessionState, EMPTY_CART, false, undefined],
    ["signed in, empty cart", SIGNED_IN, cartOf([]), true, undefined],
    ["signed in, 3 items", SIGNED_IN, cartOf([order("o1", "p1", 3, [])]), true, "3"],
  ])("%s", (_name, session, cart, shown, badge) => {
    const { html } = render(<CartButton />, shop("ru").page, session, cart);
    expect(html.includes('aria-label="Открыть корзину"')).toBe(shown);
    if (badge) expect(html).toMatch(new RegExp(`class="[^"]*mantine-Indicator-indicator[^"]*"[^>]*>${badge}<`));
    else expect(html).not.toContain("mantine-Indicator-indicator");
  });
});

describe("dummy payment page", () => {
  const payment = (status: string) => ({
    invoice: {
      id: "inv-1",
      amount: "1299.50",
      status,
      email: "ann@example.com",
      successUrl: "/ru/cart?payment=paid",
      cancelUrl: "/ru/cart?payment=declined",
    },
    currency: { id: "c-usd", slug: "usd", symbol: "$", decimals: 2 },
    orders: [
      {
        id: "o1",
        status: "paying",
        ordersToProducts: [
          { id: "l1", quantity: 2, product: { id: "p1", slug: "mug", title: en("Ceramic mug", "Кружка") } },
        ],
      },
    ],
  });
  const page = (language: Language, data: ReturnType<typeof payment> | undefined) =>
    renderDocument(paymentPageData(language, "/billing/dummy/pay/inv-1", data), { scripts: [], styles: [] });

  test.each(LANGUAGES)("a new invoice (%s): amount with its symbol, lines, email, Pay and Decline", (language) => {
    const t = billingStrings[language]!;
    const html = page(language, payment("new"));
    const text = textOf(html);
    expect(html).toContain(`<html lang="${language}"`);
    expect(text).toContain(
      `${t.amountDue} $1 299.50 usd ${t.orderLines} ${language === "ru" ? "Кружка" : "Ceramic mug"} × 2`,
    );
    expect(text).toContain(`${t.email} ann@example.com ${t.pay} $1 299.50 ${t.decline}`);
    expect(text).toContain(t.testMode);
    // No navbar or footer: a provider's page, not the shop's.
    expect(html).not.toContain("data-navbar");
  });

  test.each([
    ["paid", "This invoice has been paid.", "/ru/cart?payment=paid"],
    ["failed", "This payment was declined.", "/ru/cart?payment=declined"],
  ])("an invoice already %s shows its status instead of the buttons", (status, message, next) => {
    const html = page("en", payment(status));
    expect(textOf(html)).toContain(message);
    expect(html).toContain(`href="${next}"`);
    expect(html).not.toContain(`data-pay=""`);
  });

  test.each(LANGUAGES)("a wrong link (%s) says so", (language) => {
    expect(textOf(page(language, undefined))).toContain(billingStrings[language]!.invalidLink);
  });
});

describe("money and checkout helpers", () => {
  test.each([
    ["24.50", 3, 2, "73.50"],
    ["0.333", 3, 2, "1.00"],
    ["0.005", 1, 2, "0.01"],
    ["19.99", 1000000, 2, "19990000.00"],
    ["1.5", 3, 0, "5"],
  ])("multiplyAmount(%j × %i, %i places) = %s", (price, quantity, decimals, expected) => {
    expect(multiplyAmount(price, quantity, decimals)).toBe(expected);
  });

  test("sums exactly where floats would not", () => {
    expect(sumAmounts(["0.10", "0.20"], 2)).toBe("0.30");
    expect(sumAmounts(Array(1000).fill("0.01"), 2)).toBe("10.00");
  });

  test("commonTotals keeps only the currencies every order has", () => {
    const totals = commonTotals([
      [
        { total: "1.10", billingModuleCurrency: usd },
        { total: "1.00", billingModuleCurrency: eur },
      ],
      [{ total: "2.20", billingModuleCurrency: usd }],
    ]);
    expect(totals).toEqual([{ total: "3.30", billingModuleCurrency: usd }]);
  });

  test.each([
    ["en", "/billing/dummy/pay/i1?token=x", "/billing/dummy/pay/i1?token=x"],
    ["ru", "/billing/dummy/pay/i1?token=x", "/ru/billing/dummy/pay/i1?token=x"],
    ["ru", "https://checkout.stripe.com/c/pay/cs_1", "https://checkout.stripe.com/c/pay/cs_1"],
    // The dummy page's absolute URL (from PUBLIC_URL) opens as this site's own path.
    ["en", "https://shop.example.com/billing/dummy/pay/i1?token=x", "/billing/dummy/pay/i1?token=x"],
    ["ru", "http://localhost:3000/billing/dummy/pay/i1?token=x", "/ru/billing/dummy/pay/i1?token=x"],
  ] as const)("the payment URL on a %s page: %s → %s", (language, url, expected) => {
    expect(paymentHref({ billingModule: { invoices: [{ id: "i1", paymentUrl: url }] } }, language)).toBe(expected);
  });

  test("return paths follow the page's language", () => {
    expect(returnPaths("ru")).toEqual({ successUrl: "/ru/cart?payment=paid", cancelUrl: "/ru/cart?payment=declined" });
    expect(returnPaths("en")).toEqual({ successUrl: "/cart?payment=paid", cancelUrl: "/cart?payment=declined" });
  });
});

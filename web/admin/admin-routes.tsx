import { lazy, Suspense, type ComponentType } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { AdminShell } from "./layout/admin-shell.js";
import { ScreenLoading } from "./layout/screen-loading.js";

/**
 * A screen fetched when it is first opened: the composer, the product editor and the rich-text
 * editor load only when someone opens them (docs/admin.md, "What the admin loads"). `name` is the
 * module's export.
 */
function screen<N extends string>(load: () => Promise<Record<N, ComponentType>>, name: N) {
  const Screen = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
}

const router = createBrowserRouter([
  {
    path: "/admin",
    element: <AdminShell />,
    children: [
      // The first screen after sign-in: what waits for the owner and editors, each card linking to its screen.
      { index: true, element: screen(() => import("./dashboard/dashboard-page.js"), "DashboardPage") },
      // Every model of the registry at a glance, the dashboard's "All models".
      { path: "models", element: screen(() => import("./welcome-page.js"), "WelcomePage") },
      // A hand-made screen beside the generated ones: one form's submissions as a table.
      { path: "forms/:id", element: screen(() => import("./forms/form-submissions-page.js"), "FormSubmissionsPage") },
      // Every stored file as a grid of thumbnails, with uploads, alt texts and where each is used.
      { path: "media", element: screen(() => import("./media/media-page.js"), "MediaPage") },
      // The order desk: orders with customer and total, one order's page with its timeline and Refund.
      { path: "orders", element: screen(() => import("./orders/orders-page.js"), "OrdersPage") },
      { path: "orders/:id", element: screen(() => import("./orders/order-page.js"), "OrderPage") },
      // The product editor: the products table, one product (or "new") with prices, photos, stores and publishing.
      { path: "products", element: screen(() => import("./products/products-page.js"), "ProductsPage") },
      { path: "products/:id", element: screen(() => import("./products/product-page.js"), "ProductPage") },
      // What the shop charges besides prices: delivery by country, weight and amount; taxes by
      // country, region and category; discount codes. Each a list in words and one record's form.
      { path: "shipping", element: screen(() => import("./pricing/shipping-page.js"), "ShippingPage") },
      { path: "shipping/:id", element: screen(() => import("./pricing/shipping-rate-page.js"), "ShippingRatePage") },
      { path: "taxes", element: screen(() => import("./pricing/taxes-page.js"), "TaxesPage") },
      { path: "taxes/:id", element: screen(() => import("./pricing/tax-rate-page.js"), "TaxRatePage") },
      { path: "discounts", element: screen(() => import("./pricing/discounts-page.js"), "DiscountsPage") },
      { path: "discounts/:id", element: screen(() => import("./pricing/discount-code-page.js"), "DiscountCodePage") },
      // Webhooks: the list with each one's state, one webhook with its secret shown once, test event and delivery log.
      { path: "webhooks", element: screen(() => import("./webhooks/webhooks-page.js"), "WebhooksPage") },
      { path: "webhooks/:id", element: screen(() => import("./webhooks/webhook-page.js"), "WebhookPage") },
      // The page composer: the pages list, one page's blocks beside its live preview.
      { path: "pages", element: screen(() => import("./pages/pages-page.js"), "PagesPage") },
      // The audit log in words: who changed what, how and from where, filtered, exported as CSV.
      { path: "activity", element: screen(() => import("./activity/activity-page.js"), "ActivityPage") },
      { path: "pages/:id", element: screen(() => import("./pages/composer-page.js"), "ComposerPage") },
      { path: ":module/:entity", element: screen(() => import("./model-page.js"), "ModelPage") },
    ],
  },
]);

/** The signed-in admin: its frame and screens under /admin (fetched after sign-in, with the router). */
export function AdminRoutes() {
  return <RouterProvider router={router} />;
}

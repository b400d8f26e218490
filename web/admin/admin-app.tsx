import { MantineProvider, createTheme, type CSSVariablesResolver } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { createBrowserRouter, RouterProvider } from "react-router";
import { SessionGate } from "./auth/session-gate.js";
import { AdminShell } from "./layout/admin-shell.js";
import { FormSubmissionsPage } from "./forms/form-submissions-page.js";
import { MediaPage } from "./media/media-page.js";
import { ModelPage } from "./model-page.js";
import { OrderPage } from "./orders/order-page.js";
import { OrdersPage } from "./orders/orders-page.js";
import { ComposerPage } from "./pages/composer-page.js";
import { PagesPage } from "./pages/pages-page.js";
import { ProductPage } from "./products/product-page.js";
import { ProductsPage } from "./products/products-page.js";
import { WelcomePage } from "./welcome-page.js";

// Shade 8 of indigo and a darker "dimmed" text keep the admin's texts at WCAG AA contrast (axe
// color-contrast): Mantine's defaults (indigo 6, gray 6) are 4.3:1 and 3.3:1 on white.
const theme = createTheme({ primaryColor: "indigo", primaryShade: 8, defaultRadius: "md" });
const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "var(--mantine-color-gray-7)" },
  dark: {},
});

const router = createBrowserRouter([
  {
    path: "/admin",
    element: (
      <SessionGate>
        <AdminShell />
      </SessionGate>
    ),
    children: [
      { index: true, element: <WelcomePage /> },
      // A hand-made screen beside the generated ones: one form's submissions as a table.
      { path: "forms/:id", element: <FormSubmissionsPage /> },
      // Every stored file as a grid of thumbnails, with uploads, alt texts and where each is used.
      { path: "media", element: <MediaPage /> },
      // The order desk: orders with customer and total, one order's page with its timeline and Refund.
      { path: "orders", element: <OrdersPage /> },
      { path: "orders/:id", element: <OrderPage /> },
      // The product editor: the products table, one product (or "new") with prices, photos, stores and publishing.
      { path: "products", element: <ProductsPage /> },
      { path: "products/:id", element: <ProductPage /> },
      // The page composer: the pages list, one page's blocks beside its live preview.
      { path: "pages", element: <PagesPage /> },
      { path: "pages/:id", element: <ComposerPage /> },
      { path: ":module/:entity", element: <ModelPage /> },
    ],
  },
]);

/** Theme, toasts and the router: /admin (the model list), /admin/{module}/{entity} (its table), /admin/forms/{id} (a form's submissions), /admin/media (the files), /admin/orders (the order desk) and /admin/products (the product editor). */
export function AdminApp() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
      {/* Toasts at the top centre: at the top right they covered the header's actions and the
          editors' sticky Save and Publish (a toast under a still pointer never closes: hovering
          pauses it), and at the bottom right the lower fields' dropdowns. */}
      <Notifications position="top-center" />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}

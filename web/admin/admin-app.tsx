import { MantineProvider, createTheme, type CSSVariablesResolver } from "@mantine/core";
import { lazy, Suspense } from "react";
import { SessionGate } from "./auth/session-gate.js";
import { ScreenLoading } from "./layout/screen-loading.js";
import { ToastContainer } from "../ui/toast-container.js";

// Fetched once signed in: the sign-in screen loads only what it shows (docs/admin.md, "What the admin loads").
const AdminRoutes = lazy(async () => ({ default: (await import("./admin-routes.js")).AdminRoutes }));

// Shade 8 of indigo and a darker "dimmed" text keep the admin's texts at WCAG AA contrast (axe
// color-contrast): Mantine's defaults (indigo 6, gray 6) are 4.3:1 and 3.3:1 on white.
const theme = createTheme({ primaryColor: "indigo", primaryShade: 8, defaultRadius: "md" });
const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "var(--mantine-color-gray-7)" },
  dark: {},
});

/** Theme, toasts and the router: /admin (the model list), /admin/{module}/{entity} (its table), /admin/forms/{id} (a form's submissions), /admin/media (the files), /admin/orders (the order desk) and /admin/products (the product editor). */
export function AdminApp() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
      {/* Toasts at the top centre: at the top right they covered the header's actions and the
          editors' sticky Save and Publish (a toast under a still pointer never closes: hovering
          pauses it), and at the bottom right the lower fields' dropdowns. Mantine's container is
          fetched with the first toast (web/ui/toast-container.tsx). */}
      <ToastContainer position="top-center" />
      <SessionGate>
        <Suspense fallback={<ScreenLoading full />}>
          <AdminRoutes />
        </Suspense>
      </SessionGate>
    </MantineProvider>
  );
}

import { MantineProvider, createTheme } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { createBrowserRouter, RouterProvider } from "react-router";
import { SessionGate } from "./auth/session-gate.js";
import { AdminShell } from "./layout/admin-shell.js";
import { ModelPage } from "./model-page.js";
import { WelcomePage } from "./welcome-page.js";

const theme = createTheme({ primaryColor: "indigo", defaultRadius: "md" });

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
      { path: ":module/:entity", element: <ModelPage /> },
    ],
  },
]);

/** Theme, toasts and the router: /admin (the model list) and /admin/{module}/{entity} (its table). */
export function AdminApp() {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}

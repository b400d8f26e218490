// The admin's browser entry: the only place its style sheets are imported (the server never loads this file).
import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/tiptap/styles.css";
import { createRoot } from "react-dom/client";
import { onUnauthorized } from "../api/client.js";
import { adminLanguageCode } from "./admin-language.js";
import { AdminApp } from "./admin-app.js";
import { sessionKeeper } from "./auth/session-keeper.js";

// Every call that meets a 401 renews the session (or waits for the sign-in dialog) and is sent again.
onUnauthorized(sessionKeeper().onUnauthorized);

// The page speaks the admin's language (screen readers' voice, hyphenation, the browser's own controls).
document.documentElement.lang = adminLanguageCode();

createRoot(document.getElementById("root")!).render(<AdminApp />);

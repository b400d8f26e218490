// The admin's browser entry: the only place its style sheets are imported (the server never loads this file).
import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/tiptap/styles.css";
import { createRoot } from "react-dom/client";
import { AdminApp } from "./admin-app.js";

createRoot(document.getElementById("root")!).render(<AdminApp />);

import type { Module } from "../module.js";
import { registerFileStorageModule } from "./file-storage-module.js";

/** Stored and generated files (`app.storedFiles`, `app.generatedFiles`), uploads, /public/files and the files routes. */
export const fileStorage: Module = {
  name: "file-storage",
  dependsOn: ["rbac"],
  register: (app, { config }) => registerFileStorageModule(app, config),
};

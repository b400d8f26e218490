import { applyLanguages } from "../../engine/schema/languages.js";

// Runs before every test file (vitest.config.ts, setupFiles). Workers keep their modules from one
// file to the next (isolate: false), so a file whose app applied other languages (en,ru,de, say)
// would leave them to the next file, which renders without an app and expects the shipped ones.
applyLanguages(["en", "ru"], "en");

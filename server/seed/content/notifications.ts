import { DEFAULT_TEMPLATES } from "../../modules/notification/default-templates.js";
import type { SeedWriter } from "../seed-writer.js";

/**
 * The built-in mail texts as notification/templates rows (order-status-changed, password-reset),
 * in English and Russian, so an admin sees and rewords them; without the rows the same texts
 * are used from code.
 */
export async function seedNotificationTemplates(w: SeedWriter) {
  for (const name of [
    "order-status-changed",
    "order-unpaid-reminder",
    "owner-order-paid",
    "owner-form-submitted",
    "password-reset",
  ]) {
    const text = DEFAULT_TEMPLATES[name]!;
    await w.create("notification/templates", {
      variant: name,
      slug: `template-${name}`,
      adminTitle: `Mail: ${name}`,
      title: { en: text.en.subject, ru: text.ru.subject },
      description: { en: text.en.text, ru: text.ru.text },
    });
  }
}

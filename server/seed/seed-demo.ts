import type { FastifyInstance } from "fastify";
import { AppError } from "../../engine/errors.js";
import { runTransaction } from "../../engine/query/transaction.js";
import { seedAccountPages } from "./content/account.js";
import { seedBlog } from "./content/blog.js";
import { seedContact } from "./content/contact.js";
import { seedErrorPages } from "./content/error-pages.js";
import { seedHome } from "./content/home.js";
import { seedLayout } from "./content/layout.js";
import { seedNotificationTemplates } from "./content/notifications.js";
import { seedSearch } from "./content/search.js";
import { seedShop } from "./content/shop.js";
import { seedPageTemplates } from "./content/page-templates.js";
import { SeedWriter } from "./seed-writer.js";

export interface SeedResult {
  pages: number;
}

/**
 * Writes the demo site — home, blog, shop, contact, search, sign-in and error pages in English and
 * Russian, sharing one layout with the navbar and footer, three page templates for new pages, and
 * the mail templates — in one transaction, unless the database already has a hosted page (then
 * nothing, and undefined). Two instances starting on one empty database both try; the unique page url lets one win and the other see it as seeded.
 */
export async function seedDemoContentIfEmpty(app: FastifyInstance): Promise<SeedResult | undefined> {
  try {
    return await runTransaction(app.database, app.repositories, async (repository, trx) => {
      if ((await repository("host/pages").count([])) > 0) return undefined;
      const writer = new SeedWriter(repository);
      await seedLayout(writer);
      await seedHome(writer);
      await seedBlog(writer);
      await seedShop(writer);
      const contactFormId = await seedContact(writer);
      await seedSearch(writer);
      await seedAccountPages(writer);
      await seedErrorPages(writer);
      await seedPageTemplates(writer, contactFormId);
      await seedNotificationTemplates(writer);
      // The demo is what visitors see: published, with nothing left in draft.
      await app.drafts.publishAll(trx);
      return { pages: writer.pages };
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT") return undefined;
    throw error;
  }
}

-- 0031_search_words: written by hand (a table and triggers, which schemas/ cannot say), not by `npm run generate`
-- The visitors' search corrects a misspelt word against search_words: every word of the titles of
-- what it finds (published articles, blog categories, products, shop categories and pages), per
-- indexed language (en, ru), lower-cased as the `simple` configuration splits them. A trigger on
-- each published table adds a row's title words in the same statement as the write, so a word is
-- known from the very next search; the table is only ever added to (a word that no title has any
-- more may still be suggested, and then finds nothing). Its trigram index finds the nearest words.
-- A model added to the search later needs its published table's trigger in a migration like this.

CREATE TABLE "search_words" (
  "language" text NOT NULL,
  "word" text NOT NULL,
  CONSTRAINT "search_words_pkey" PRIMARY KEY ("language", "word")
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- A title in one language: a language map's text in it, or a plain text title (a page's) in every language.
CREATE OR REPLACE FUNCTION "search_title_text"(title jsonb, language text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(title) = 'string' THEN title #>> '{}' ELSE title ->> language END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_words_of_title"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("language", "word")
  SELECT DISTINCT l.language, w.word
  FROM unnest(ARRAY['en', 'ru']) AS l(language),
    LATERAL unnest(tsvector_to_array(to_tsvector('simple'::regconfig, coalesce("search_title_text"(NEW."title", l.language), '')))) AS w(word)
  WHERE char_length(w.word) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "blog_articles__published_search_words" AFTER INSERT OR UPDATE OF "title" ON "blog_articles__published" FOR EACH ROW EXECUTE FUNCTION "search_words_of_title"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "blog_categories__published_search_words" AFTER INSERT OR UPDATE OF "title" ON "blog_categories__published" FOR EACH ROW EXECUTE FUNCTION "search_words_of_title"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ecommerce_products__published_search_words" AFTER INSERT OR UPDATE OF "title" ON "ecommerce_products__published" FOR EACH ROW EXECUTE FUNCTION "search_words_of_title"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ecommerce_categories__published_search_words" AFTER INSERT OR UPDATE OF "title" ON "ecommerce_categories__published" FOR EACH ROW EXECUTE FUNCTION "search_words_of_title"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "host_pages__published_search_words" AFTER INSERT OR UPDATE OF "title" ON "host_pages__published" FOR EACH ROW EXECUTE FUNCTION "search_words_of_title"();
--> statement-breakpoint
-- The titles already published.
INSERT INTO "search_words" ("language", "word")
SELECT DISTINCT l.language, w.word
FROM (
  SELECT "title" FROM "blog_articles__published"
  UNION ALL SELECT "title" FROM "blog_categories__published"
  UNION ALL SELECT "title" FROM "ecommerce_products__published"
  UNION ALL SELECT "title" FROM "ecommerce_categories__published"
  UNION ALL SELECT "title" FROM "host_pages__published"
) AS t,
  unnest(ARRAY['en', 'ru']) AS l(language),
  LATERAL unnest(tsvector_to_array(to_tsvector('simple'::regconfig, coalesce("search_title_text"(t."title", l.language), '')))) AS w(word)
WHERE char_length(w.word) >= 3
ON CONFLICT DO NOTHING;

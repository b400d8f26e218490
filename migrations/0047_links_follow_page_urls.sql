-- 0047_links_follow_page_urls: written by hand (a trigger, which schemas/ cannot say), not by `npm run generate`
-- A button's or slide's link to a page follows the page's address: when a page's published
-- address changes (its publish, or any save with DRAFTS=off), every link that named the old
-- address — exactly, or followed by a #fragment or ?query — names the new one, in the working
-- and the published copies alike, in the same transaction. Until then the site still serves the
-- old address, so links are not moved when only the working copy changes. `updatedAt` is left
-- as it was: a link that was published stays published (its two copies equal), one with
-- unpublished changes keeps them. A template page's
-- address (`/blog/articles/[blog.articles.slug]`) is no link's, and is left alone.

CREATE OR REPLACE FUNCTION "host_pages_links_follow_url"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  links text;
BEGIN
  FOREACH links IN ARRAY ARRAY['website_builder_buttons', 'website_builder_buttons__published', 'website_builder_slides', 'website_builder_slides__published'] LOOP
    EXECUTE format(
      'UPDATE %I SET "url" = $2 || substr("url", length($1) + 1) '
      'WHERE left("url", length($1)) = $1 AND substr("url", length($1) + 1, 1) IN (%L, %L, %L)',
      links, '', '#', '?')
    USING OLD."url", NEW."url";
  END LOOP;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "host_pages_links_follow_url" AFTER UPDATE OF "url" ON "host_pages__published" FOR EACH ROW
  WHEN (OLD."url" IS DISTINCT FROM NEW."url" AND position('[' IN OLD."url") = 0)
  EXECUTE FUNCTION "host_pages_links_follow_url"();

import type { Repository } from "../../../engine/query/repository.js";
import type { Row } from "../../../common/site/page-data.js";
import { chooseMetadataRow, metadataOf } from "../../../common/site/page-metadata.js";
import type { OpengraphPageReader } from "../../modules/file-storage/index.js";

/**
 * The pages' Open Graph texts for file-storage's Open Graph images, read from the published
 * copies (`repositories`): as visitors and link previews see a page, so an editor's unpublished
 * title never reaches its image, and a page never published has none (a 404).
 */
export function opengraphPageReader(repositories: Map<string, Repository>): OpengraphPageReader {
  const pages = repositories.get("host/pages")!;
  return {
    async openGraph(pageId, language) {
      const page = (await pages.get(pageId)) as Row;
      const links = repositories.get("host/pages-to-metadata")!;
      const pageField = links.model.fieldMap.get("pageId")!;
      const linked = await links.list({
        filters: [{ field: pageField, kind: pageField.kind, method: "eq", value: pageId }],
        orderBy: [],
        limit: 100,
        offset: 0,
      });
      const rows = await repositories.get("host/metadata")!.listByIds(linked.map((l) => l.metadataId as string));
      const byId = new Map((rows as Row[]).map((r) => [r.id, r]));
      const meta = metadataOf(
        page,
        chooseMetadataRow(linked.map((l) => byId.get(l.metadataId as string)).filter((r): r is Row => r !== undefined)),
        language,
      );
      return { title: meta.openGraph.title!, siteName: meta.openGraph.siteName };
    },
    async homeId() {
      const url = pages.model.fieldMap.get("url")!;
      const [home] = await pages.list({
        filters: [{ field: url, kind: url.kind, method: "eq", value: "/" }],
        orderBy: [],
        limit: 1,
        offset: 0,
      });
      return home?.id as string | undefined;
    },
  };
}

import { ChangeFeed } from "../../../engine/query/change-feed.js";
import type { RelationGraph } from "../../../engine/query/relation-graph.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { Registry } from "../../../engine/schema/registry.js";
import { PageResolver } from "../host/page-resolver.js";
import type { NamedSegment } from "../host/url-templates.js";
import { PageLoader } from "../load-page.js";
import type { ModelAccess } from "../model-access.js";
import type { PageFacts } from "../page-facts.js";

/** A resolver and a loader over one set of repositories: the site's, bound to a rehearsal's transaction. */
export type SiteView = (repositories: Map<string, Repository>) => { resolver: PageResolver; loader: PageLoader };

export interface PreviewViewOptions {
  registry: Registry;
  graph: RelationGraph;
  access: ModelAccess;
  /** Which named segments a url may look up, given the models a page may include. */
  mayLookUp: (segment: NamedSegment, readable: Set<string>) => boolean;
  /** Members-only rows of a model for a preview. */
  hiddenOf: (model: string) => Promise<ReadonlySet<string>>;
  /** What modules tell a page beside its rows, as on the site. */
  facts: readonly PageFacts[];
}

/**
 * The site's resolver and loader for a preview's rehearsal (publish-rehearsal.ts). What they ask
 * besides the repositories — the models a page may include, the members-only rows — is read
 * before the rehearsal's transaction opens: inside it, a query on another connection would wait
 * for the transaction to end (PGlite has one connection; a pool could run out), so none is made.
 * Each resolver gets a change feed of its own: its template cache goes with the request.
 */
export function previewView(options: PreviewViewOptions): () => Promise<SiteView> {
  const { registry, graph, access, mayLookUp, hiddenOf, facts } = options;
  return async () => {
    const readable = await access.readableModels();
    const hidden = new Map(await Promise.all(registry.exposed.map(async (m) => [m.id, await hiddenOf(m.id)] as const)));
    const none: ReadonlySet<string> = new Set();
    const frozenHidden = async (model: string) => hidden.get(model) ?? none;
    const frozenAccess = { readableModels: async () => readable };
    const lookUp = async (segment: NamedSegment) => mayLookUp(segment, readable);
    return (repositories) => ({
      // An editor previews a page template as the pages made from it will look.
      resolver: new PageResolver(
        repositories.get("host/pages")!,
        repositories,
        new ChangeFeed(),
        lookUp,
        frozenHidden,
        "served",
      ),
      loader: new PageLoader(repositories, graph, frozenAccess, frozenHidden, facts),
    });
  };
}

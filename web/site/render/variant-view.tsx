import { Suspense } from "react";
import type { Row } from "../../../common/site/page-data.js";
import { ErrorBox } from "./error-box.js";
import { WidgetErrorBoundary } from "./error-boundary.js";
import { failureKey, useFailures } from "./failures.js";
import { useUsedVariants } from "./used-variants.js";
import { useVariantRegistry } from "./variant-registry-context.js";
import { useSite } from "./use-site.js";

export interface VariantViewProps {
  model: string;
  record: Row;
  relation?: Row;
}

/** A record rendered by its variant, inside an error boundary; an unknown variant renders nothing. */
export function VariantView({ model, record, relation }: VariantViewProps) {
  const failures = useFailures();
  const used = useUsedVariants();
  const registry = useVariantRegistry();
  const failed = failures[failureKey(model, record.id)];
  if (failed !== undefined) return <ErrorBox message={failed} />;
  const entry = registry.entry(model, record.variant);
  const Variant = registry.component(model, record.variant);
  if (!entry || !Variant) return null;
  used?.add(entry.file);
  const view = <Variant record={record} relation={relation} />;
  return (
    <WidgetErrorBoundary>
      {/* Only a variant whose code is still on its way suspends; hydration never meets one. */}
      {registry.isLoaded(entry) ? view : <Suspense fallback={null}>{view}</Suspense>}
    </WidgetErrorBoundary>
  );
}

/** The children of a record through a relation model, in order, each by its own variant. */
export function RelatedViews({ relationModel, parentId }: { relationModel: string; parentId: string }) {
  const site = useSite();
  const model = site.data.relations[relationModel]?.child.model;
  if (!model) return null;
  return (
    <>
      {site.related(relationModel, parentId).map(({ relation, record }) => (
        <VariantView key={relation.id} model={model} record={record} relation={relation} />
      ))}
    </>
  );
}

import { Stack, Text, Title } from "@mantine/core";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { useModels } from "../data/models-context.js";
import { useRelationTable } from "./relation-table-context.js";

/**
 * The host's `x-embed` relations, each as a sub-table of the rows pointing at this record: add
 * (the related record chosen through a select, extra fields such as an SKU in the form), edit,
 * delete and reorder.
 */
export function RelationSubTables({ model, recordId }: { model: AdminModel; recordId: string }) {
  const { byId } = useModels();
  const RelationTable = useRelationTable();
  return (
    <Stack gap="lg">
      {model.embeds.map((embed) => {
        const relation = byId.get(embed.relation);
        if (!relation) return null;
        const child = byId.get(embed.childModel);
        return (
          <section key={embed.relation} data-testid={`sub-table-${embed.relation}`}>
            <Title order={5}>{child ? `${child.title} (${relation.name})` : relation.title}</Title>
            <Text size="xs" c="dimmed" mb={6}>
              {relation.id}
            </Text>
            <RelationTable model={relation} scope={{ field: embed.parentKey, value: recordId }} compact />
          </section>
        );
      })}
    </Stack>
  );
}

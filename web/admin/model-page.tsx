import { Alert, Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import { activityTexts } from "./activity/activity-texts.js";
import { useModels } from "./data/models-context.js";
import { ModelTable } from "./table/model-table.js";

/** /admin/{module}/{entity}: the model's table, and a link to what was done to its records (the Activity screen). */
export function ModelPage() {
  const { module, entity } = useParams();
  const id = `${module}/${entity}`;
  const model = useModels().byId.get(id);
  if (!model) return <Alert color="red">Unknown model {id}</Alert>;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{model.title}</Title>
          <Text c="dimmed" size="sm">
            {model.id}
          </Text>
        </div>
        <Anchor
          component={Link}
          to={`/admin/activity?model=${encodeURIComponent(model.id)}`}
          size="sm"
          data-testid="model-activity"
        >
          {activityTexts().activityOfKind}
        </Anchor>
      </Group>
      <ModelTable key={model.id} model={model} />
    </Stack>
  );
}

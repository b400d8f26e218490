import { Alert, Grid, Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router";
import { ActivityPanel } from "./activity/activity-panel.js";
import { useModels } from "./data/models-context.js";
import { ModelTable } from "./table/model-table.js";

/** /admin/{module}/{entity}: the model's table with its activity log. */
export function ModelPage() {
  const { module, entity } = useParams();
  const id = `${module}/${entity}`;
  const model = useModels().byId.get(id);
  if (!model) return <Alert color="red">Unknown model {id}</Alert>;
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{model.title}</Title>
        <Text c="dimmed" size="sm">
          {model.id}
        </Text>
      </div>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 9 }}>
          <ModelTable key={model.id} model={model} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 3 }}>
          <ActivityPanel modelId={model.id} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

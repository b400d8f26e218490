import { Alert, Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import { activityTexts } from "./activity/activity-texts.js";
import { useModels } from "./data/models-context.js";
import { moduleName } from "./layout/module-texts.js";
import { ModelTable } from "./table/model-table.js";
import { wordsTexts } from "./words-texts.js";

/** /admin/{module}/{entity}: the model's title over its module's name, its table, and a link to what was done to its records (the Activity screen). */
export function ModelPage() {
  const { module, entity } = useParams();
  const id = `${module}/${entity}`;
  const model = useModels().byId.get(id);
  if (!model) return <Alert color="red">{wordsTexts().unknownModel(id)}</Alert>;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{model.title}</Title>
          {/* Its module as the side list heads it ("Shop"), not the model's id. */}
          <Text c="dimmed" size="sm" data-testid="model-module">
            {moduleName(model.module)}
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

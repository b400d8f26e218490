import { Fieldset, SimpleGrid, Stack } from "@mantine/core";
import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from "@rjsf/utils";

/** Widgets draw their own label and error (Mantine inputs do both), so a field is just its widget. */
function FieldTemplate({ children, hidden }: FieldTemplateProps) {
  if (hidden) return <div style={{ display: "none" }}>{children}</div>;
  return <>{children}</>;
}

/** The form is a column of fields; a nested object (a language map) is a fieldset with its languages side by side. */
function ObjectFieldTemplate({ title, properties, fieldPathId }: ObjectFieldTemplateProps) {
  const content = properties.filter((p) => !p.hidden).map((p) => <div key={p.name}>{p.content}</div>);
  if (fieldPathId.path.length === 0) return <Stack gap="md">{content}</Stack>;
  return (
    <Fieldset legend={title} radius="md" p="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {content}
      </SimpleGrid>
    </Fieldset>
  );
}

/** Field-level errors show in the widgets, the toast says the rest: no error list at the top. */
function ErrorList() {
  return null;
}

export const templates: Partial<TemplatesType> = { FieldTemplate, ObjectFieldTemplate, ErrorListTemplate: ErrorList };

import { UnstyledButton } from "@mantine/core";
import { useEditMarks } from "../../render/edit-marks.js";
import { Text } from "../../render/primitives.js";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { newTabProps, useButton } from "./button-base.js";

/** Button variant 'children': a link block holding the button's title and subtitle (menu entries with a hint). */
export function ButtonChildren({ record }: VariantProps) {
  const { language } = useSite();
  const { href, newTab, title } = useButton(record);
  const subtitle = text(record.subtitle, language);
  const mark = useEditMarks().text;
  return (
    <UnstyledButton
      component="a"
      href={href}
      {...newTabProps(newTab)}
      className={classNameOf(record)}
      data-button-variant="children"
      p="sm"
      style={{ borderRadius: 8, display: "block" }}
    >
      <Text fw={600} {...mark(record, "title")}>
        {title}
      </Text>
      {subtitle ? (
        <Text size="sm" c="dimmed" {...mark(record, "subtitle")}>
          {subtitle}
        </Text>
      ) : null}
    </UnstyledButton>
  );
}

import { Anchor } from "@mantine/core";
import { classNameOf } from "../../render/class-name.js";
import type { VariantProps } from "../../variant-types.js";
import { newTabProps, useButton } from "./button-base.js";

/** Button variant 'link': an inline text link (navigation menus, footers). */
export function ButtonLink({ record }: VariantProps) {
  const { href, newTab, title } = useButton(record);
  return (
    <Anchor
      href={href}
      {...newTabProps(newTab)}
      className={classNameOf(record)}
      data-button-variant="link"
      fw={500}
      c="inherit"
      underline="hover"
    >
      {title}
    </Anchor>
  );
}

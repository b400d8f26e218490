import { Autocomplete } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";
import { wordsTexts } from "../../words-texts.js";
import { fieldProps } from "./basic-widgets.js";

/**
 * A record's `variant`: the variants the site knows for the model (GET /api/admin/models'
 * `variants`, from web/site/variants.ts) to choose from, or a name typed by hand for a custom one,
 * which the field warns the site does not render (yet).
 */
export function VariantWidget(props: WidgetProps) {
  const t = wordsTexts();
  const variants = (props.options.variants as string[] | undefined) ?? [];
  const value = typeof props.value === "string" ? props.value : "";
  const custom = value !== "" && variants.length > 0 && !variants.includes(value);
  const { error, ...rest } = fieldProps(props);
  return (
    <Autocomplete
      {...rest}
      data={variants}
      value={value}
      onChange={(next) => props.onChange(next === "" ? undefined : next)}
      error={error}
      description={custom ? t.customVariant(value) : undefined}
      inputWrapperOrder={["label", "input", "description", "error"]}
      styles={custom ? { description: { color: "var(--mantine-color-orange-8)" } } : undefined}
      data-testid="variant-input"
      data-custom={custom ? "true" : undefined}
      comboboxProps={{ withinPortal: true }}
      // Every variant is offered whatever is typed: the list is short, and a typed name is a choice too.
      filter={({ options }) => options}
    />
  );
}

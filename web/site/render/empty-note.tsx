import { Text } from "./primitives.js";
import { useUiText } from "./use-site.js";

/** Shown where a list has no records yet, so the section does not look broken. */
export function EmptyNote() {
  const t = useUiText();
  return (
    <Text c="dimmed" data-empty="">
      {t("nothingHere")}
    </Text>
  );
}

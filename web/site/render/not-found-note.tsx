import { Text } from "./primitives.js";
import { useUiText } from "./use-site.js";

/** An overview widget whose record is missing (a wrong slug): say so instead of an empty box. */
export function NotFoundNote() {
  const t = useUiText();
  return (
    <Text c="dimmed" ta="center" py="xl" data-not-found="">
      {t("notFound")}
    </Text>
  );
}

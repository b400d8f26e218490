import { Button } from "@mantine/core";
import { Container, Stack, Text, Title } from "./primitives.js";
import { useUiText } from "./use-site.js";

/** The global error page's message (or the generic one) and a Reload button. */
export function ErrorPanel({ message }: { message?: string }) {
  const t = useUiText();
  const generic = t("somethingWrong");
  return (
    <Container size="sm" py={80} data-error-page="">
      <Stack align="center" gap="lg" ta="center">
        <Text c="red.6" fw={800} fz={64} lh={1} aria-hidden>
          ⚠
        </Text>
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {message || generic}
        </Title>
        {message && message !== generic ? <Text c="dimmed">{generic}</Text> : null}
        <Button size="md" onClick={() => window.location.reload()}>
          {t("reload")}
        </Button>
      </Stack>
    </Container>
  );
}

import { Alert, Anchor, Center } from "@mantine/core";
import { Card, Stack, Text, Title } from "../../render/primitives.js";
import type { ReactNode } from "react";
import type { Row } from "../../../../common/site/page-data.js";
import { text } from "../../../../common/i18n/text.js";
import { HOME } from "./routes.js";
import { useRbac } from "./use-rbac.js";
import { SIGN_IN_REASONS, useSignInReason } from "./sign-in-reason.js";

/** The card every sign-in screen sits in: a home link, the widget's title, subtitle and description, and why a page sent the visitor here. */
export function AuthCard({ record, children }: { record: Row; children: ReactNode }) {
  const { language, t, href } = useRbac();
  const title = text(record.title, language);
  const subtitle = text(record.subtitle, language);
  const description = text(record.description, language);
  const reason = useSignInReason();
  return (
    <Center py="xl" px="md" className={typeof record.className === "string" ? record.className : undefined}>
      <Card withBorder shadow="sm" radius="md" padding="xl" w="100%" maw={420} data-auth-card="">
        <Stack gap="md">
          <Anchor href={href(HOME)} size="sm" c="dimmed">
            ← {t("home")}
          </Anchor>
          {(title || subtitle || description) && (
            <Stack gap={4}>
              {title && <Title order={2}>{title}</Title>}
              {subtitle && <Text fw={500}>{subtitle}</Text>}
              {description && (
                <Text size="sm" c="dimmed">
                  {description}
                </Text>
              )}
            </Stack>
          )}
          {reason ? (
            <Alert color="blue" variant="light" data-sign-in-reason={reason}>
              {t(SIGN_IN_REASONS[reason].text)}
            </Alert>
          ) : null}
          {children}
        </Stack>
      </Card>
    </Center>
  );
}

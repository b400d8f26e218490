import { Alert, Anchor, Loader } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { api } from "../../../api/client.js";
import { Group, Text } from "../../render/primitives.js";
import type { VariantProps } from "../../variant-types.js";
import { AuthCard } from "./auth-card.js";
import { deviceText, filled, type DeviceStringKey } from "./device-strings.js";
import { EMAIL_API, SELECT_METHOD, SETTINGS } from "./routes.js";
import { useRbac } from "./use-rbac.js";

type Outcome = { status: "working" } | { status: "done"; email: string } | { status: "invalid" };

interface LinkPage {
  /** The API route the code is posted to (server/modules/rbac/routes/email-change-routes.ts). */
  route: string;
  working: DeviceStringKey;
  done: DeviceStringKey;
  /** Where the visitor goes next: undoing signed every device out. */
  next: { path: string; label: "goToSettings" | "signIn" };
}

/**
 * A page an email-change mail links to (?code=…): it posts the code once, as soon as the page
 * runs in the browser (cached pages carry no query, and a mail scanner that fetches the link runs
 * no script), and says what happened.
 */
function EmailChangeLink({ record, page }: VariantProps & { page: LinkPage }) {
  const { language, t, href } = useRbac();
  const [outcome, setOutcome] = useState<Outcome>({ status: "working" });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const code = new URLSearchParams(window.location.search).get("code");
    if (!code) return setOutcome({ status: "invalid" });
    api<{ email: string }>(page.route, { method: "POST", body: { code }, raw: true }).then(
      (answer) => setOutcome({ status: "done", email: answer.email }),
      () => setOutcome({ status: "invalid" }),
    );
  }, [page.route]);
  const text = (key: DeviceStringKey, values: Record<string, string> = {}) => filled(deviceText(key, language), values);
  return (
    <AuthCard record={record}>
      {outcome.status === "working" && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{text(page.working)}</Text>
        </Group>
      )}
      {outcome.status === "done" && (
        <Alert color="teal" role="status" data-email-link-outcome="done">
          {text(page.done, { email: outcome.email })}
        </Alert>
      )}
      {outcome.status === "invalid" && (
        <Alert color="red" role="alert" data-email-link-outcome="invalid">
          {text("linkInvalid")}
        </Alert>
      )}
      <Anchor href={href(page.next.path)} size="sm" ta="center">
        {page.next.label === "signIn" ? t("signIn") : text("goToSettings")}
      </Anchor>
    </AuthCard>
  );
}

const CONFIRM: LinkPage = {
  route: `${EMAIL_API}/confirm-email`,
  working: "confirmingEmail",
  done: "emailConfirmed",
  next: { path: SETTINGS, label: "goToSettings" },
};
const UNDO: LinkPage = {
  route: `${EMAIL_API}/undo-email-change`,
  working: "undoingEmailChange",
  done: "emailChangeUndone",
  next: { path: SELECT_METHOD, label: "signIn" },
};

/** /rbac/subject/authentication/email-and-password/confirm-email: the link mailed to the new address. */
export function ConfirmEmailDefault(props: VariantProps) {
  return <EmailChangeLink {...props} page={CONFIRM} />;
}

/** /rbac/subject/authentication/email-and-password/undo-email-change: the link mailed to the previous address. */
export function UndoEmailChangeDefault(props: VariantProps) {
  return <EmailChangeLink {...props} page={UNDO} />;
}

import { Button, getDefaultZIndex, Group, Modal, Text } from "@mantine/core";
import { useCallback, useSyncExternalStore } from "react";
import { useBlocker, type BlockerFunction } from "react-router";
import { hasUnsentEdits, openQuestion, subscribeToQuestion } from "./leave-guard-store.js";
import { leaveTexts } from "./leave-texts.js";

/**
 * The admin's one navigation blocker and its "Leave without saving?" dialog, mounted once in the
 * shell: it stops a change of screen (a link, the side list, the browser's Back) while any screen
 * or dialog holds unsent edits (use-leave-guard.ts), and also answers a dialog's close
 * (askToLeave). Stay keeps everything as it was; Leave goes on.
 */
export function LeavePrompt() {
  const t = leaveTexts();
  // Read when a navigation starts, not when this rendered: a save that just finished has cleared its mark.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      hasUnsentEdits() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const question = useSyncExternalStore(subscribeToQuestion, openQuestion);
  const blocked = blocker.state === "blocked";
  const answer = (leave: boolean) => {
    if (blocked) {
      if (leave) blocker.proceed();
      else blocker.reset();
    }
    question?.answer(leave);
  };
  // Buttons marked so Mantine's Escape does not close the dialog underneath too; Escape here is Stay.
  const noEscape = { "data-mantine-stop-propagation": "true" };
  return (
    <Modal
      opened={blocked || Boolean(question)}
      onClose={() => answer(false)}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      title={t.title}
      // Above the record dialog whose close it asks about.
      zIndex={getDefaultZIndex("modal") + 10}
      data-testid="leave-prompt"
    >
      <Text mb="lg">{t.question}</Text>
      <Group
        justify="flex-end"
        onKeyDown={(event) => {
          if (event.key === "Escape") answer(false);
        }}
      >
        <Button variant="default" data-autofocus onClick={() => answer(false)} data-testid="leave-stay" {...noEscape}>
          {t.stay}
        </Button>
        <Button color="red" onClick={() => answer(true)} data-testid="leave-confirm" {...noEscape}>
          {t.leave}
        </Button>
      </Group>
    </Modal>
  );
}

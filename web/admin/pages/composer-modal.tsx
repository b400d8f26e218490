import { Modal, type MantineSize } from "@mantine/core";
import type { ReactNode } from "react";
import { pagesTexts } from "./pages-texts.js";

/**
 * The composer's dialogs (palette, remove, new page, settings): Mantine's modal with its header
 * as a plain <div> — a <header> there is a second "banner" landmark beside the admin's (axe
 * landmark-no-duplicate-banner) — and a named close button (its × has no text).
 */
export function ComposerModal({
  title,
  onClose,
  size = "md",
  children,
}: {
  title: ReactNode;
  onClose(): void;
  size?: MantineSize | string;
  children: ReactNode;
}) {
  const t = pagesTexts();
  const Header = Modal.Header as unknown as (props: { component: "div"; children: ReactNode }) => ReactNode;
  return (
    <Modal.Root opened onClose={onClose} size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t.close} />
        </Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

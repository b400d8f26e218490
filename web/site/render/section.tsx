import { Container } from "@mantine/core";
import type { ReactNode } from "react";
import type { Row } from "../data/page-data.js";
import { classNameOf } from "./class-name.js";
import { CONTAINER_SIZE } from "./theme.js";

/** A widget's outer box: its anchor as the id, its className, page-wide padding and container. */
export function Section({ record, children, py = 64, bg, fluid }: { record: Row; children?: ReactNode; py?: number; bg?: string; fluid?: boolean }) {
  const anchor = typeof record.anchor === "string" && record.anchor ? record.anchor : undefined;
  return (
    <section id={anchor} className={classNameOf(record)} style={{ paddingBlock: py, background: bg, scrollMarginTop: 80 }}>
      {fluid ? children : <Container size={CONTAINER_SIZE}>{children}</Container>}
    </section>
  );
}

import { Box, Container } from "./primitives.js";
import { useEditMarks } from "./edit-marks.js";
import type { ReactNode } from "react";
import type { Row } from "../../../common/site/page-data.js";
import { classNameOf } from "./class-name.js";
import { CONTAINER_SIZE } from "./theme.js";

/**
 * A widget's outer box: its anchor as the id, its className, page-wide padding (less on phones)
 * and the shared container width.
 */
export function Section({
  record,
  children,
  py = 64,
  bg,
  fluid,
}: {
  record: Row;
  children?: ReactNode;
  py?: number;
  bg?: string;
  fluid?: boolean;
}) {
  const marks = useEditMarks();
  const anchor = typeof record.anchor === "string" && record.anchor ? record.anchor : undefined;
  const inner = fluid ? children : <Container size={CONTAINER_SIZE}>{children}</Container>;
  const own = classNameOf(record);
  // The usual padding (64px, 60% of it on phones) and the anchor's offset are site.css's .s-section.
  if (py === 64) {
    return (
      <Box
        component="section"
        id={anchor}
        className={own ? `${own} s-section` : "s-section"}
        style={bg ? { background: bg } : undefined}
        {...marks.block(record)}
      >
        {inner}
      </Box>
    );
  }
  return (
    <Box
      component="section"
      id={anchor}
      className={own}
      py={{ base: Math.round(py * 0.6), sm: py }}
      style={{ background: bg, scrollMarginTop: 80 }}
      {...marks.block(record)}
    >
      {inner}
    </Box>
  );
}

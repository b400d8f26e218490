import { Skeleton } from "@mantine/core";
import { Stack } from "./primitives.js";

/** Placeholder while a widget loads its data in the browser (private content, after hydration). */
export function LoadingSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" data-loading="">
      <Skeleton height={28} width="60%" radius="sm" />
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} height={14} width={index === lines - 1 ? "70%" : "100%"} radius="sm" />
      ))}
    </Stack>
  );
}

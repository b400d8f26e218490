import { Text } from "./primitives.js";

/** What a failed widget shows instead of itself: its error message in a dashed red box. */
export function ErrorBox({ message }: { message: string }) {
  return (
    <div
      role="alert"
      data-widget-error=""
      style={{
        border: "2px dashed var(--mantine-color-red-6)",
        borderRadius: 8,
        padding: 16,
        margin: "16px auto",
        maxWidth: 1200,
      }}
    >
      <Text c="red.7" fw={600} style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
        {message}
      </Text>
    </div>
  );
}

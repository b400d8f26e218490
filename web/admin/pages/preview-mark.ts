/**
 * The props of a panel input whose text is being edited on the preview (live-preview.ts): marked
 * in the colour the preview outlines that text with, so the editor sees which field it is.
 */
export const onPreviewMark = (on: boolean) =>
  on ? { "data-on-preview": "true", styles: { input: { outline: "2px solid var(--mantine-color-yellow-6)" } } } : {};

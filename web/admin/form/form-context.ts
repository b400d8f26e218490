/** Shared with the widgets through RJSF's formContext: files chosen in file inputs, sent as multipart parts on save. */
export interface AdminFormContext {
  files: Map<string, File>;
  /**
   * The form's current values, for an input that depends on another field (the external widget
   * follows the chosen module). A new context object each change: RJSF re-renders a field only
   * when its props differ, and the context is one of them.
   */
  values: Record<string, unknown>;
  /** The saved record being edited (none for a new one): what inputs show beside their value (a file's width, height and size). */
  record?: Record<string, unknown>;
}

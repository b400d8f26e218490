/** Shared with the widgets through RJSF's formContext: files chosen in file inputs, sent as multipart parts on save. */
export interface AdminFormContext {
  files: Map<string, File>;
}

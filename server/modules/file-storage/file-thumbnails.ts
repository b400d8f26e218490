/** What a file's thumbnail needs: its stored address and its type. */
export interface FileThumbnail {
  file: string;
  mimeType: string | null;
  extension: string | null;
}

/** A stored file record's thumbnail (the admin shows it beside the file's name); none for another model's record. */
export function fileThumbnailOf(modelId: string, row: Record<string, unknown>): FileThumbnail | undefined {
  if (modelId !== "file-storage/files") return undefined;
  return {
    file: String(row.file ?? ""),
    mimeType: typeof row.mimeType === "string" ? row.mimeType : null,
    extension: typeof row.extension === "string" ? row.extension : null,
  };
}

/**
 * The media library's wire contract (/admin/media): what its routes answer
 * (server/modules/file-storage/media/media-routes.ts, built by media-library.ts) and its screens
 * read (web/admin/media/). One type for both sides.
 */

/** A file as the media grid shows it: what was read from its bytes, its alt texts, and how many records use it. */
export interface MediaFile {
  id: string;
  adminTitle: string;
  file: string;
  mimeType: string | null;
  extension: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  alt: Record<string, string>;
  createdAt: string;
  /** Links to the file from other records (a product's photos, a widget's files, …). */
  usedBy: number;
}

/** A record that uses a file: its model (id and title, in the language asked for) and its name, for the admin to open it. */
export interface FileUse {
  model: string;
  modelTitle: string;
  id: string;
  label: string;
}

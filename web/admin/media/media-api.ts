import { api } from "../../api/client.js";
import type { FileUse, MediaFile } from "../../../common/admin/media-file.js";

/** A file as the media routes answer it, and a record that uses one (common/admin/media-file.ts). */
export type { FileUse, MediaFile };

export const MEDIA_ROUTE = "/api/file-storage/media";
const FILES_ROUTE = "/api/file-storage/files";

export const mediaPage = (query: { search?: string; limit: number; offset: number }, signal?: AbortSignal) =>
  api<{ rows: MediaFile[]; total: number }>(MEDIA_ROUTE, { query, signal });

export const fileUses = (id: string, language: string, signal?: AbortSignal) =>
  api<FileUse[]>(`${MEDIA_ROUTE}/${id}/uses`, { query: { language }, signal });

/**
 * Uploads one file as a new file record (the generic create, multipart): the server reads its
 * type, size, width and height from the bytes; it is named after the file.
 */
export function uploadFile(file: File, data: Record<string, unknown> = {}): Promise<MediaFile> {
  const form = new FormData();
  form.append("data", JSON.stringify({ adminTitle: file.name, ...data }));
  form.append("file", file, file.name);
  return api<MediaFile>(FILES_ROUTE, { method: "POST", form });
}

export const saveAlt = (id: string, alt: Record<string, string>) =>
  api<MediaFile>(`${FILES_ROUTE}/${id}`, { method: "PATCH", body: { alt } });

export const deleteFile = (id: string) => api(`${FILES_ROUTE}/${id}`, { method: "DELETE" });

/** "2.4 MB" from a byte count. */
export function byteSize(bytes: number | null | undefined, language: string): string {
  if (typeof bytes !== "number" || !Number.isFinite(bytes) || bytes < 0) return "";
  const units = language === "ru" ? ["Б", "КБ", "МБ", "ГБ"] : ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toLocaleString(language, { maximumFractionDigits: 1 })} ${units[unit]}`;
}

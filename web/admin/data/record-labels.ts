import { api } from "../../api/client.js";
import { wordsTexts } from "../words-texts.js";

/** A record as the server's labeller names it (server/modules/admin/record-labels.ts). */
export interface RecordLabel {
  id: string;
  label: string;
  /** A file, or a link to one: what its thumbnail needs. */
  file?: { file: string; mimeType: string | null; extension: string | null };
  /** Named by something its fields do not hold (a person by their email): tables show it above the field. */
  beyondFields?: true;
}

const route = (modelId: string) => `/api/admin/labels/${modelId}`;
const LABELS_MAX = 100;

/** Labels of these records, by id: one request per 100 ids (a table page needs one). */
export async function fetchLabels(
  modelId: string,
  ids: string[],
  signal?: AbortSignal,
): Promise<Map<string, RecordLabel>> {
  const unique = [...new Set(ids.filter(Boolean))];
  const chunks = Array.from({ length: Math.ceil(unique.length / LABELS_MAX) }, (_, i) =>
    unique.slice(i * LABELS_MAX, (i + 1) * LABELS_MAX),
  );
  const lists = await Promise.all(
    chunks.map((chunk) =>
      api<RecordLabel[]>(route(modelId), { query: { ids: chunk.join(","), language: wordsTexts().language }, signal }),
    ),
  );
  return new Map(lists.flat().map((l) => [l.id, l]));
}

/** The first `limit` records whose titles (any, in any language) contain `text`, labelled. */
export const searchLabels = (modelId: string, text: string, limit = 20, signal?: AbortSignal) =>
  api<RecordLabel[]>(route(modelId), {
    query: { search: text.trim() || undefined, limit, language: wordsTexts().language },
    signal,
  });

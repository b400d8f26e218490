import { Alert, List, Text } from "@mantine/core";
import { useCallback, useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { useModels } from "../data/models-context.js";
import { fetchLabels } from "../data/record-labels.js";
import type { NotPublished } from "./editorial-api.js";
import { editorialTexts } from "./editorial-texts.js";

/** At most this many records are named; the rest are counted. */
const SHOWN = 12;

/**
 * The records a publish left behind, as a person recognises them: their kind and their label from
 * the server's labeller ("Product “Mug”", "Price or attribute “$12.00 · USD”") — never ids or table
 * names. Entities first, then the links between records; a record the labeller cannot name (the
 * caller may not read labels) keeps its kind alone.
 */
export async function namesOf(list: NotPublished[], models: Map<string, AdminModel>): Promise<string[]> {
  const t = editorialTexts();
  const byModel = new Map<string, string[]>();
  for (const { model, id } of list) byModel.set(model, [...(byModel.get(model) ?? []), id]);
  const groups = await Promise.all(
    [...byModel].map(async ([modelId, ids]) => {
      const model = models.get(modelId);
      const labels = await fetchLabels(modelId, ids).catch(() => new Map<string, { label: string }>());
      const relation = model?.kind === "relation";
      const kind = relation ? t.link : (t.recordKinds[modelId] ?? model?.title ?? t.link);
      return {
        relation,
        names: ids.map((id) => (labels.get(id) ? `${kind} ${t.quoted(labels.get(id)!.label)}` : kind)),
      };
    }),
  );
  return [...groups.filter((g) => !g.relation), ...groups.filter((g) => g.relation)].flatMap((g) => g.names);
}

/**
 * What the screen's last publish left behind (docs/drafts.md, Publishing a tree): `tell` names the
 * answer's `notPublished`; `partial` (the badge must not read plain Published) lasts until `clear`
 * (the next save or publish), closing the notice only hides it.
 */
export function useNotPublished() {
  const models = useModels().byId;
  const [names, setNames] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const tell = useCallback(
    async (list: NotPublished[]) => {
      setNames(list.length ? await namesOf(list, models) : []);
      setOpen(list.length > 0);
    },
    [models],
  );
  const clear = useCallback(() => {
    setNames([]);
    setOpen(false);
  }, []);
  return { shown: open ? names : [], partial: names.length > 0, tell, clear, close: () => setOpen(false) };
}

/** Tells the editor, in place until they close it, which records stayed unpublished and why. */
export function NotPublishedNotice({ names, onClose }: { names: string[]; onClose(): void }) {
  const t = editorialTexts();
  if (names.length === 0) return null;
  return (
    <Alert
      color="yellow"
      title={t.notPublishedTitle}
      withCloseButton
      closeButtonLabel={t.close}
      onClose={onClose}
      data-testid="not-published"
    >
      <Text size="sm">{t.notPublishedText}</Text>
      <List size="sm" mt={4}>
        {names.slice(0, SHOWN).map((name, i) => (
          <List.Item key={i}>{name}</List.Item>
        ))}
      </List>
      {names.length > SHOWN && <Text size="sm">{t.notPublishedMore(names.length - SHOWN)}</Text>}
    </Alert>
  );
}

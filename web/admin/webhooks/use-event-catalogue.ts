import { useEffect, useMemo, useState } from "react";
import { recordKind } from "../../../common/admin/record-kinds.js";
import { useModels } from "../data/models-context.js";
import { notifyError } from "../notify.js";
import { eventCatalogue, type EventCatalogue } from "./event-words.js";
import { loadEventTypes } from "./webhooks-api.js";

/**
 * The events a webhook may take, from the server's list, with each model's records named as the
 * admin names them ("Article", «Статья»); undefined until the list is in.
 */
export function useEventCatalogue(language: string): EventCatalogue | undefined {
  const { byId } = useModels();
  const [types, setTypes] = useState<string[]>();
  useEffect(() => {
    const controller = new AbortController();
    loadEventTypes(controller.signal).then(setTypes, (e) => controller.signal.aborted || notifyError(e));
    return () => controller.abort();
  }, []);
  return useMemo(() => {
    if (!types) return undefined;
    const nameOf = (id: string) => {
      const model = byId.get(id);
      return model ? recordKind(id, language, model.title) : undefined;
    };
    return eventCatalogue(types, nameOf);
  }, [types, byId, language]);
}

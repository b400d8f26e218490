import { useEffect, useState } from "react";
import { liveConnection, type LivePerson, type RecordRef } from "./live-connection.js";
import { isOwnSave } from "./own-saves.js";

const keyOf = (records: RecordRef[]) => records.map((r) => `${r.model} ${r.id}`).join(",");

/**
 * The other admin tabs showing `record` (this screen's presence, told to them too), and the
 * last save of `record` or of a watched record by someone else (this tab's own saves are left out:
 * own-saves.ts). `record` undefined: the screen only watches.
 */
export function useLiveRecord(record: RecordRef | undefined, watch: RecordRef[] = []) {
  const [people, setPeople] = useState<LivePerson[]>([]);
  const [changed, setChanged] = useState<{ record: RecordRef; etag: string | null }>();
  const recordKey = record ? keyOf([record]) : "";
  const watchKey = keyOf(watch);

  useEffect(() => {
    if (!record && watch.length === 0) return;
    const live = liveConnection();
    const followed = new Set([...(record ? [record] : []), ...watch].map((r) => keyOf([r])));
    const screen = live.show({ record, watch });
    const stopPresence = live.onPresence((at, list) => {
      if (keyOf([at]) === recordKey) setPeople(list);
    });
    const stopChanged = live.onChanged((at, etag) => {
      if (!followed.has(keyOf([at]))) return;
      void isOwnSave(etag).then((own) => own || setChanged({ record: at, etag }));
    });
    return () => {
      stopPresence();
      stopChanged();
      screen.leave();
      setPeople([]);
    };
    // The keys stand for the records: a new array of the same records is the same screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recordKey, watchKey]);

  return { people, self: liveConnection().self, changed, dismiss: () => setChanged(undefined) };
}

import { useCallback, useEffect, useRef, useState } from "react";
import { notifyError } from "../notify.js";
import { pollDelay } from "./delivery-polling.js";
import { type Delivery, loadDeliveries } from "./webhooks-api.js";

const PAGE = 20;
/** The route's largest page: a reload reads again as many rows as are shown, up to this. */
const MOST = 100;

/** What a reload changed, by row: a different signature means a state moved (the webhook's status may have too). */
const signature = (rows: Delivery[]) => rows.map((row) => `${row.id}:${row.state}:${row.attempts}`).join(",");

/**
 * A webhook's delivery log as its page shows it: the newest page, "Show older" by the route's
 * cursor, a reload after a test or a redelivery, and reading again by itself while a delivery is
 * pending, so a queued event turns into its answer on screen. `onMoved` is called when a reload
 * shows a delivery that moved on (the webhook's failing or turned-off state follows deliveries).
 */
export function useDeliveries(webhookId: string | undefined, onMoved: () => void) {
  const [rows, setRows] = useState<Delivery[]>();
  const [next, setNext] = useState<string>();
  const [loading, setLoading] = useState(false);
  const shown = useRef(PAGE);
  const seen = useRef("");
  const moved = useRef(onMoved);
  moved.current = onMoved;

  const reload = useCallback(async () => {
    if (!webhookId) return;
    setLoading(true);
    try {
      const answer = await loadDeliveries(webhookId, Math.min(MOST, Math.max(PAGE, shown.current)));
      shown.current = Math.max(PAGE, answer.data.length);
      setRows(answer.data);
      setNext(answer.next);
      const now = signature(answer.data);
      if (seen.current && now !== seen.current) moved.current();
      seen.current = now;
    } catch (error) {
      notifyError(error);
    } finally {
      setLoading(false);
    }
  }, [webhookId]);

  const more = async () => {
    if (!webhookId || !next) return;
    setLoading(true);
    try {
      const answer = await loadDeliveries(webhookId, PAGE, next);
      setRows((before) => [...(before ?? []), ...answer.data]);
      shown.current += answer.data.length;
      setNext(answer.next);
    } catch (error) {
      notifyError(error);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    void reload();
  }, [reload]);
  // Read again while something is pending; a reload that shows nothing pending stops it.
  useEffect(() => {
    const delay = rows ? pollDelay(rows) : undefined;
    if (delay === undefined) return;
    const timer = setTimeout(() => void reload(), delay);
    return () => clearTimeout(timer);
  }, [rows, reload]);

  return { rows, next, loading, reload, more };
}

import { useCallback, useEffect, useState } from "react";

export interface Activity {
  action: "create" | "update" | "delete";
  label: string;
  at: string;
}

const LIMIT = 10;
const keyOf = (modelId: string) => `admin.activity.${modelId}`;
const EVENT = "admin-activity";

function read(modelId: string): Activity[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(keyOf(modelId)) ?? "[]");
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Keeps the model's last 10 admin actions in sessionStorage (this tab's session), newest first. */
export function recordActivity(modelId: string, action: Activity["action"], label: string) {
  const next = [{ action, label, at: new Date().toISOString() }, ...read(modelId)].slice(0, LIMIT);
  sessionStorage.setItem(keyOf(modelId), JSON.stringify(next));
  window.dispatchEvent(new CustomEvent(EVENT, { detail: modelId }));
}

export function useActivity(modelId: string): [Activity[], () => void] {
  const [items, setItems] = useState(() => read(modelId));
  useEffect(() => {
    setItems(read(modelId));
    const update = (event: Event) => {
      if ((event as CustomEvent).detail === modelId) setItems(read(modelId));
    };
    window.addEventListener(EVENT, update);
    return () => window.removeEventListener(EVENT, update);
  }, [modelId]);
  const clear = useCallback(() => {
    sessionStorage.removeItem(keyOf(modelId));
    setItems([]);
  }, [modelId]);
  return [items, clear];
}

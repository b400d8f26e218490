/** How webhooks are delivered (docs/configuration.md "Webhooks"), read from the environment. */
export interface WebhookSettings {
  /** The waits before each retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h by default (then failed). */
  retryScheduleMs: number[];
  /** WEBHOOK_ALLOW_PRIVATE=true: loopback and private addresses may be targets (tests, an intranet). */
  allowPrivate: boolean;
  /** An answer must come within this (15 s). */
  timeoutMs: number;
  /** A webhook whose every delivery failed for this long is turned off (5 days). */
  disableAfterMs: number;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `5s,5m,30m,2h` → milliseconds; a bare number is milliseconds. A mistake stops start-up naming the setting. */
export function parseSchedule(text: string): number[] {
  return text.split(",").map((entry) => {
    const match = /^\s*(\d+)\s*(ms|s|m|h|d)?\s*$/.exec(entry);
    if (!match) throw new Error(`WEBHOOK_RETRY_SCHEDULE: "${entry}" is not a duration such as 5s, 5m, 2h or 500ms`);
    return Number(match[1]) * UNITS[match[2] ?? "ms"]!;
  });
}

export function webhookSettingsFromEnv(env: Readonly<NodeJS.ProcessEnv>): WebhookSettings {
  return {
    retryScheduleMs: parseSchedule(env.WEBHOOK_RETRY_SCHEDULE || "5s,5m,30m,2h,5h,10h,10h"),
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === "true",
    timeoutMs: 15_000,
    disableAfterMs: 5 * 86_400_000,
  };
}

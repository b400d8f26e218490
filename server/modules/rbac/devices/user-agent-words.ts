/**
 * A User-Agent header in words, "Chrome on macOS", for the list of signed-in devices. A small
 * table of our own rather than a parser library: the list only has to let a person tell their
 * devices apart, and an unknown header still reads as something ("Unknown browser").
 */
export interface DeviceWords {
  browser: string;
  os: string;
  /** The two together in English, as the API shows it; a screen composes its own language from the parts. */
  words: string;
}

/** First match wins: browsers built on Chrome name themselves before the "Chrome/" they also carry. */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bYaBrowser\//, "Yandex Browser"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\bChrome\/|\bHeadlessChrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
];

/** The phone or tablet before the system it runs: an iPhone's header also says "like Mac OS X". */
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const UNKNOWN_BROWSER = "Unknown browser";
const UNKNOWN_SYSTEM = "unknown system";

const first = (table: [RegExp, string][], header: string) => table.find(([pattern]) => pattern.test(header))?.[1];

export function userAgentWords(header: string | null | undefined): DeviceWords {
  const text = header ?? "";
  const browser = first(BROWSERS, text) ?? UNKNOWN_BROWSER;
  const os = first(SYSTEMS, text) ?? UNKNOWN_SYSTEM;
  return { browser, os, words: `${browser} on ${os}` };
}

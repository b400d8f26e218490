import { filled } from "../device-strings.js";
import { useRbac } from "../use-rbac.js";
import { type TwoFactorStringKey, twoFactorText } from "./two-factor-strings.js";

/** The page language's two-factor texts, {name} places filled. */
export function useTwoFactorTexts() {
  const { language } = useRbac();
  return (key: TwoFactorStringKey, values: Record<string, string> = {}) => filled(twoFactorText(key, language), values);
}

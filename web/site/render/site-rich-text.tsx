import type { Row } from "../../../common/site/page-data.js";
import { text } from "../../../common/i18n/text.js";
import { RichTextViewer } from "../../ui/rich-text/rich-text-viewer.js";
import { useSite, useUiText } from "./use-site.js";

/** A record's rich-text language map in the page's language, with the copy toasts translated. */
export function SiteRichText({ record, field = "description" }: { record: Row; field?: string }) {
  const { language } = useSite();
  const t = useUiText();
  return (
    <RichTextViewer
      value={text(record[field], language)}
      labels={{ copied: t("textCopied"), failed: t("copyFailed") }}
    />
  );
}

import { ActionIcon, Group, Paper, SegmentedControl, Text, Title } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { notifyError } from "../notify.js";
import { previewPath } from "./pages-api.js";
import { pagesTexts } from "./pages-texts.js";
import { framePlacement, PREVIEW_WIDTHS, usePreviewWidth } from "./preview-width.js";
import type { LivePreview } from "./live-preview.js";

/** A preview link opens its page for an hour; a new one is asked for well before. */
const LINK_LIFE_MS = 50 * 60 * 1000;

/**
 * The live preview: the page's working copy rendered by the server's own renderer through its
 * signed preview link, in an <iframe>. Each change (`changes` grows) reloads the frame's document
 * only, never the screen; the language switch asks for the link under /ru. The page is laid out at
 * a phone's, a tablet's or a desktop's width (then scaled down to the column) or the column's own.
 * Each load hands the frame's document to `live` (live-preview.ts): texts typed show at once,
 * clicks choose blocks and edit texts in place.
 */
export function PagePreview({
  pageId,
  title,
  changes,
  live,
}: {
  pageId: string;
  title: string;
  changes: number;
  live: LivePreview;
}) {
  const t = pagesTexts();
  const [language, setLanguage] = useState(t.language);
  const [link, setLink] = useState<{ src: string; at: number }>();
  const frame = useRef<HTMLIFrameElement>(null);
  const [deviceWidth, setDeviceWidth] = usePreviewWidth();
  const { ref: box, width } = useElementSize();

  useEffect(() => {
    let current = true;
    live.detach();
    previewPath(pageId, language).then(
      (src) => current && setLink({ src, at: Date.now() }),
      (error) => current && notifyError(error),
    );
    return () => {
      current = false;
      live.detach();
    };
  }, [pageId, language, live]);

  const reload = () => {
    if (!link) return;
    if (Date.now() - link.at > LINK_LIFE_MS) {
      previewPath(pageId, language).then((src) => setLink({ src, at: Date.now() }), notifyError);
      return;
    }
    live.detach();
    try {
      frame.current?.contentWindow?.location.reload();
    } catch {
      // Not loaded yet (or another origin): set the address again.
      if (frame.current) frame.current.src = link.src;
    }
  };
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    reload();
  }, [changes]);

  const placed = framePlacement(deviceWidth, width);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      h="100%"
      component="section"
      aria-labelledby="composer-preview-title"
      data-testid="composer-preview"
      style={{ display: "flex", flexDirection: "column" }}
    >
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h5" id="composer-preview-title">
          {t.preview}
        </Title>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            aria-label={t.previewWidth}
            value={deviceWidth}
            onChange={setDeviceWidth}
            data={Object.keys(PREVIEW_WIDTHS).map((w) => ({
              value: w,
              label: t.previewWidths[w as keyof typeof PREVIEW_WIDTHS],
            }))}
            data-testid="preview-width"
          />
          <SegmentedControl
            size="xs"
            aria-label={t.previewLanguage}
            value={language}
            onChange={setLanguage}
            data={LANGUAGES.map((l) => ({ value: l, label: l.toUpperCase() }))}
            data-testid="preview-language"
          />
          <ActionIcon variant="default" aria-label={t.reloadPreview} onClick={reload} data-testid="preview-reload">
            ↻
          </ActionIcon>
        </Group>
      </Group>
      <div
        ref={box}
        style={{
          flex: 1,
          minHeight: 480,
          position: "relative",
          overflow: "hidden",
          borderRadius: 6,
          border: "1px solid var(--mantine-color-gray-3)",
          background: "white",
        }}
      >
        {link ? (
          <iframe
            ref={frame}
            src={link.src}
            title={t.previewTitle(title)}
            data-testid="preview-frame"
            data-width={deviceWidth}
            onLoad={(event) => {
              const doc = event.currentTarget.contentDocument;
              if (doc) live.attach(doc, language);
            }}
            style={{
              position: "absolute",
              top: 0,
              left: placed.left,
              border: 0,
              width: placed.width,
              height: `${100 / placed.scale}%`,
              transform: `scale(${placed.scale})`,
              transformOrigin: "0 0",
            }}
          />
        ) : (
          <Text size="sm" c="dimmed" p="sm">
            {t.previewUnavailable}
          </Text>
        )}
      </div>
    </Paper>
  );
}

import { ActionIcon, Group, Paper, SegmentedControl, Text, Title } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { notifyError } from "../notify.js";
import { previewPath } from "./pages-api.js";
import { pagesTexts } from "./pages-texts.js";

/** The width the page is laid out at inside the frame, then scaled to the column: the editor sees the desktop page, not its phone layout. */
const PAGE_WIDTH = 1200;
/** A preview link opens its page for an hour; a new one is asked for well before. */
const LINK_LIFE_MS = 50 * 60 * 1000;

/**
 * The live preview: the page's working copy rendered by the server's own renderer through its
 * signed preview link, in an <iframe>. Each change (`changes` grows) reloads the frame's document
 * only, never the screen; the language switch asks for the link under /ru.
 */
export function PagePreview({ pageId, title, changes }: { pageId: string; title: string; changes: number }) {
  const t = pagesTexts();
  const [language, setLanguage] = useState(t.language);
  const [link, setLink] = useState<{ src: string; at: number }>();
  const frame = useRef<HTMLIFrameElement>(null);
  const { ref: box, width } = useElementSize();

  useEffect(() => {
    let live = true;
    previewPath(pageId, language).then(
      (src) => live && setLink({ src, at: Date.now() }),
      (error) => live && notifyError(error),
    );
    return () => void (live = false);
  }, [pageId, language]);

  const reload = () => {
    if (!link) return;
    if (Date.now() - link.at > LINK_LIFE_MS) {
      previewPath(pageId, language).then((src) => setLink({ src, at: Date.now() }), notifyError);
      return;
    }
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

  const scale = width > 0 ? Math.min(1, width / PAGE_WIDTH) : 1;
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
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5" id="composer-preview-title">
          {t.preview}
        </Title>
        <Group gap="xs" wrap="nowrap">
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
            style={{
              position: "absolute",
              top: 0,
              left: 0,
              border: 0,
              width: PAGE_WIDTH,
              height: `${100 / scale}%`,
              transform: `scale(${scale})`,
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

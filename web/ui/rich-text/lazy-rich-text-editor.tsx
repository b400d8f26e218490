import { Input, Skeleton } from "@mantine/core";
import { lazy, Suspense, type ComponentProps } from "react";
import type { RichTextEditor as EagerEditor } from "./rich-text-editor.js";

const Editor = lazy(() => import("./rich-text-editor.js").then((m) => ({ default: m.RichTextEditor })));

/**
 * The rich-text editor, fetched the first time a screen shows one: tiptap and ProseMirror are
 * most of its weight, and most admin screens have no rich text. Until it is there, its label and
 * a box of the editor's height hold its place (nothing moves when it arrives).
 */
export function LazyRichTextEditor(props: ComponentProps<typeof EagerEditor>) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} id={props.id}>
          <Skeleton h={144} radius="sm" data-testid="rich-text-loading" />
        </Input.Wrapper>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}

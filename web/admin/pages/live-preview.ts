import { PanelHandles } from "./panel-handles.js";
import { undoKeyOf } from "./undo-keys.js";

/** How the side panel takes a text edited on the preview: one record's (a block's widget, one item). */
export interface PreviewEditHandle {
  /** The panel edits `field` (a feature's subtitle, say, is not: the preview only selects its block). */
  accepts(field: string): boolean;
  /** The editor typed on the preview: the same step and save as typing in the panel's field. */
  edit(field: string, language: string, value: string): void;
  /** The panel shows the field's input (scrolled to and marked) while the preview edits it. */
  reveal(field: string, language: string): void;
  /** Editing on the preview ended: the next edit is a new undo step. */
  done(): void;
}

/** A text the editor changed that the frame must show until its save reloads nothing. */
interface Patch {
  key: string;
  recordId: string;
  field: string;
  language: string;
  value: string;
}

/** The marks' look in the composer's frame only: the block under the pointer, the chosen one, the text being edited. */
const MARKS_CSS = `
[data-edit-block]{cursor:pointer}
[data-edit-block]:hover{outline:2px dashed rgba(76,110,245,.75);outline-offset:-2px}
[data-edit-block][data-edit-selected]{outline:2px solid #4c6ef5;outline-offset:-2px}
[data-edit-text]{pointer-events:auto;cursor:text}
[data-edit-text]:hover{box-shadow:inset 0 -2px 0 rgba(76,110,245,.6)}
[data-edit-text][contenteditable]{outline:2px solid #f59f00;outline-offset:2px;box-shadow:none}
`;

/** Fields written on one line: Enter ends the edit instead of breaking it. */
const MULTILINE = new Set(["description"]);

/**
 * The composer's hold on its preview frame (same origin: the page's own preview, server/site/
 * preview/): the preview's blocks and texts carry marks (web/site/render/edit-marks.ts), so
 * - a text typed in the panel is written into the frame at once (`patch`), and its save does not
 *   reload the frame when the frame already shows it (`saved`);
 * - a click in the frame selects the block it lands in (`onSelect`), and a click on a marked text
 *   edits it in place, each keystroke going to the panel's field through the handle the panel
 *   registered for that record (`handles`): the same undo step, save and conflict check as typing there.
 * Anything the frame cannot show by itself (a text that was empty, a link, a new item) reloads it after its save.
 */
export class LivePreview {
  readonly handles = new PanelHandles<PreviewEditHandle>();
  /** A click in the frame chose the block showing this module widget. */
  onSelect: (widgetId: string) => void = () => undefined;
  /** Ctrl/Cmd+Z (or a redo's keys) pressed in the frame: the composer's undo, as anywhere on the composer. */
  onUndoKey: (which: "undo" | "redo") => void = () => undefined;
  private doc: Document | undefined;
  /** The frame's page is hydrated: before, a text changed under React would be a hydration mismatch. */
  private ready = false;
  private language: string | undefined;
  private selected: string | undefined;
  private readonly pending = new Map<string, Patch>();
  private readonly shown = new Set<string>();
  private readonly stale = new Set<string>();

  /**
   * The frame loaded a preview in `language`: clicks taken at once; once the site's page is
   * hydrated, the marks styled and the texts not saved yet written again.
   */
  attach(doc: Document, language: string): void {
    this.doc = doc;
    this.ready = false;
    this.language = language;
    doc.addEventListener("click", this.click, true);
    doc.addEventListener("keydown", this.key, true);
    whenHydrated(doc, () => {
      if (doc !== this.doc) return;
      this.ready = true;
      if (!doc.querySelector("style[data-composer-marks]")) {
        const style = doc.createElement("style");
        style.setAttribute("data-composer-marks", "");
        style.textContent = MARKS_CSS;
        doc.head.append(style);
      }
      for (const patch of this.pending.values()) this.write(patch);
      this.mark(this.selected, false);
    });
  }

  /** The frame is gone or reloading: nothing is written into the old document. */
  detach(): void {
    this.doc?.removeEventListener("click", this.click, true);
    this.doc?.removeEventListener("keydown", this.key, true);
    this.doc = undefined;
    this.ready = false;
  }

  /** The block showing `widgetId` is the chosen one (outlined, and scrolled to in the frame). */
  select(widgetId: string | undefined): void {
    if (widgetId === this.selected) return;
    this.selected = widgetId;
    this.mark(widgetId, true);
  }

  /**
   * The editor changed `field` of record `recordId` in `language` (a save under `key` follows): the
   * frame shows the new text now where it can; where it cannot, that save reloads it.
   */
  patch(key: string, recordId: string, field: string, language: string, value: string): void {
    const patch = { key, recordId, field, language, value };
    this.pending.set(`${recordId}:${field}:${language}`, patch);
    if (this.write(patch)) this.shown.add(key);
    else this.stale.add(key);
  }

  /**
   * The page's blocks were put in a new order (the module widgets they show, in order): the frame
   * shows it at once by moving their elements; the reload after the order's save draws it anew.
   */
  order(widgetIds: string[]): void {
    const doc = this.doc;
    if (!doc || !this.ready) return;
    // A block is its host widget's element (web/site/modules/host/widget-default.tsx) around its widget's.
    const hosts = widgetIds
      .map((id) => doc.querySelector(`[data-edit-block="${id}"]`)?.closest("[data-host-widget]"))
      .filter((host): host is Element => !!host);
    const parent = hosts[0]?.parentElement;
    if (!parent || hosts.some((host) => host.parentElement !== parent)) return;
    // Only the blocks out of place move (a move of one block is one DOM move, however long the
    // page): the first goes where the first of them is now, each next one right after the one before.
    const first = [...parent.children].find((child) => hosts.includes(child));
    if (first && first !== hosts[0]) first.before(hosts[0]!);
    hosts.forEach((host, n) => {
      const before = hosts[n - 1];
      if (before && before.nextElementSibling !== host) before.after(host);
    });
  }

  /** A save under `key` that the frame cannot show by a patch (a link, a new item): reloaded after it. */
  changed(key: string): void {
    this.stale.add(key);
  }

  /** The save under `key` was answered: whether the frame must reload to show it. */
  saved(key: string): boolean {
    for (const [at, patch] of this.pending) if (patch.key === key) this.pending.delete(at);
    const reload = this.stale.has(key) || !this.shown.has(key);
    this.stale.delete(key);
    this.shown.delete(key);
    return reload;
  }

  /** Writes a patch into the frame: false when the frame's markup cannot show it without a new render. */
  private write({ recordId, field, language, value }: Patch): boolean {
    const doc = this.doc;
    // Another language's text, or no frame yet (its load writes the pending texts): nothing to change here.
    if (!doc || language !== this.language) return true;
    // Still hydrating: the frame is drawn again after the save instead.
    if (!this.ready) return false;
    const elements = [...doc.querySelectorAll<HTMLElement>(`[data-edit-text="${recordId}:${field}"]`)];
    // An empty text is drawn as nothing at all, a text that was empty has no element yet: a new render.
    if (elements.length === 0) return value === "";
    if (value === "") return false;
    for (const element of elements) {
      // The element being typed in already shows what was typed; writing it again would move the caret.
      if (element === doc.activeElement) continue;
      if (element.textContent !== value) element.textContent = value;
    }
    return true;
  }

  private mark(widgetId: string | undefined, scroll: boolean): void {
    const doc = this.doc;
    if (!doc || !this.ready) return;
    for (const old of doc.querySelectorAll("[data-edit-selected]")) old.removeAttribute("data-edit-selected");
    if (!widgetId) return;
    const block = doc.querySelector(`[data-edit-block="${widgetId}"]`);
    block?.setAttribute("data-edit-selected", "");
    if (scroll) block?.scrollIntoView({ block: "nearest" });
  }

  private readonly click = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const block = target?.closest?.("[data-edit-block]");
    if (!block) return; // outside the blocks (the page's heading): the page behaves as itself
    // Inside a block a click chooses, it does not follow links or press the page's buttons.
    event.preventDefault();
    event.stopPropagation();
    const widgetId = block.getAttribute("data-edit-block")!;
    this.selected = widgetId;
    this.mark(widgetId, false);
    this.onSelect(widgetId);
    const text = target!.closest<HTMLElement>("[data-edit-text]");
    if (this.ready && text && block.contains(text) && !text.isContentEditable)
      void this.editInPlace(text, event.clientX, event.clientY);
  };

  private readonly key = (event: KeyboardEvent) => {
    const which = undoKeyOf(event);
    if (!which) return;
    // Not the browser's undo of the element's text: the composer's, whose steps hold every keystroke.
    // The edit in place ends first, so the text put back shows in the element.
    event.preventDefault();
    (this.doc?.activeElement as HTMLElement | null)?.blur();
    this.onUndoKey(which);
  };

  /** Makes a marked text editable where it is, once the panel showing its record is ready. */
  private async editInPlace(element: HTMLElement, x: number, y: number): Promise<void> {
    const doc = this.doc;
    const language = this.language;
    const [recordId = "", field = ""] = (element.getAttribute("data-edit-text") ?? "").split(":");
    if (!doc || !language) return;
    const handle = await this.handles.waitFor(recordId, 10_000).catch(() => undefined);
    // The panel does not edit this text (or the frame was reloaded meanwhile): the block stays chosen.
    if (!handle?.accepts(field) || doc !== this.doc || !element.isConnected) return;
    element.setAttribute("contenteditable", "plaintext-only");
    element.focus();
    placeCaret(doc, element, x, y);
    handle.reveal(field, language);
    const input = () => handle.edit(field, language, element.textContent ?? "");
    const keydown = (event: KeyboardEvent) => {
      if (event.key === "Escape" || (event.key === "Enter" && !MULTILINE.has(field))) {
        event.preventDefault();
        element.blur();
      }
    };
    const end = () => {
      element.removeAttribute("contenteditable");
      element.removeEventListener("input", input);
      element.removeEventListener("keydown", keydown);
      element.removeEventListener("blur", end);
      handle.done();
    };
    element.addEventListener("input", input);
    element.addEventListener("keydown", keydown);
    element.addEventListener("blur", end);
  }
}

/** The site's root gets this attribute once hydrated (web/site/hydrate.tsx). */
const HYDRATED = "data-hydrated";
/** Hydration that has not come by then (a script that failed) is not waited for longer. */
const HYDRATION_WAIT_MS = 10_000;

/** Runs `then` once the frame's site page is hydrated (at once when it is, or has no root to hydrate). */
function whenHydrated(doc: Document, then: () => void): void {
  const root = doc.getElementById("root");
  if (!root || root.hasAttribute(HYDRATED)) {
    then();
    return;
  }
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    then();
  };
  const observer = new MutationObserver(() => root.hasAttribute(HYDRATED) && done());
  observer.observe(root, { attributes: true, attributeFilter: [HYDRATED] });
  const timer = setTimeout(done, HYDRATION_WAIT_MS);
}

/** The caret where the click landed (at the end when the browser cannot tell). */
function placeCaret(doc: Document, element: HTMLElement, x: number, y: number): void {
  const selection = doc.getSelection();
  if (!selection) return;
  const at = doc.caretRangeFromPoint?.(x, y);
  const range = at && element.contains(at.startContainer) ? at : doc.createRange();
  if (range !== at) {
    range.selectNodeContents(element);
    range.collapse(false);
  }
  selection.removeAllRanges();
  selection.addRange(range);
}

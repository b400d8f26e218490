/** The parts of a keydown the composer's undo keys are read from (a KeyboardEvent has them all). */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
}

/**
 * The letter a shortcut means: the character typed when it is a Latin letter (Ctrl+Z on a QWERTY,
 * QWERTZ or AZERTY layout), else the physical key (Ctrl+Я on a Russian layout is Ctrl+Z, as the
 * browser's own undo takes it).
 */
const letterOf = (press: KeyPress) =>
  /^[a-z]$/i.test(press.key)
    ? press.key.toLowerCase()
    : press.code.startsWith("Key")
      ? press.code.slice(3).toLowerCase()
      : "";

/**
 * Ctrl+Z or Cmd+Z undoes; Shift+Ctrl+Z, Shift+Cmd+Z and Ctrl+Y redo (Windows' and macOS' habits).
 * Alt with them, or a key pressed while an input method composes a word, is no undo.
 */
export function undoKeyOf(press: KeyPress): "undo" | "redo" | undefined {
  if (press.altKey || press.isComposing || !(press.ctrlKey || press.metaKey)) return undefined;
  const letter = letterOf(press);
  if (letter === "z") return press.shiftKey ? "redo" : "undo";
  if (letter === "y" && press.ctrlKey && !press.metaKey && !press.shiftKey) return "redo";
  return undefined;
}

import { describe, expect, it } from "vitest";
import { ComposerHistory, Identities, orderLike, Reported, type Step } from "../../web/admin/pages/composer-history.js";
import { PanelHandles } from "../../web/admin/pages/panel-handles.js";
import { undoKeyOf, type KeyPress } from "../../web/admin/pages/undo-keys.js";

/** A page of named fields, changed only by steps, and a clock the test moves. */
function setup(limit?: number) {
  const fields = new Map<string, string>();
  let time = 0;
  const history = new ComposerHistory({ now: () => time, ...(limit ? { limit } : {}) });
  /** The editor sets `field` to `value` (recorded as the composer records typing: the step, then the change); `null`: a step of no group. */
  const type = (field: string, value: string, group: string | null = field) => {
    const before = fields.get(field) ?? "";
    const step: Step = {
      ...(group ? { group } : {}),
      undo: async () => void fields.set(field, before),
      redo: async () => void fields.set(field, value),
    };
    history.record(step);
    fields.set(field, value);
  };
  return { fields, history, type, wait: (ms: number) => void (time += ms) };
}

type Action = ["type", string, string] | ["wait", number] | ["seal"] | ["undo"];

describe("the composer's history: what makes one step", () => {
  it.each<[string, Action[], number, Record<string, string>]>([
    [
      "a burst of typing in one field is one step",
      [
        ["type", "title", "H"],
        ["wait", 200],
        ["type", "title", "He"],
        ["wait", 900],
        ["type", "title", "Hey"],
      ],
      1,
      { title: "" },
    ],
    [
      "a pause of a second starts a new step",
      [
        ["type", "title", "He"],
        ["wait", 1000],
        ["type", "title", "Hey"],
      ],
      2,
      { title: "He" },
    ],
    [
      "leaving the field (seal) starts a new step",
      [["type", "title", "He"], ["seal"], ["type", "title", "Hey"]],
      2,
      { title: "He" },
    ],
    [
      "another field is another step",
      [
        ["type", "title", "Hi"],
        ["type", "subtitle", "Yo"],
        ["type", "title", "Hi!"],
      ],
      3,
      { title: "Hi", subtitle: "Yo" },
    ],
    [
      "typing after an undo is a new step",
      [["type", "title", "A"], ["seal"], ["type", "title", "AB"], ["undo"], ["type", "title", "AC"]],
      2,
      { title: "A" },
    ],
  ])("%s", async (_name, actions, steps, afterOneUndo) => {
    const { fields, history, type, wait } = setup();
    for (const action of actions) {
      if (action[0] === "type") type(action[1], action[2]);
      else if (action[0] === "wait") wait(action[1]);
      else if (action[0] === "seal") history.seal();
      else await history.undo();
    }
    expect(history.size).toBe(steps);
    await history.undo();
    expect(Object.fromEntries(fields)).toMatchObject(afterOneUndo);
  });

  it("steps without a group never merge (adding, removing, reordering blocks)", () => {
    const { history, type } = setup();
    type("order", "b,a", null);
    type("order", "a,b", null);
    expect(history.size).toBe(2);
  });
});

describe("the composer's history: undo and redo", () => {
  it("undoes and redoes back and forth, and a new change clears what could be redone", async () => {
    const { fields, history, type } = setup();
    type("title", "one");
    history.seal();
    type("title", "two");
    expect([history.canUndo, history.canRedo]).toEqual([true, false]);
    await history.undo();
    expect(fields.get("title")).toBe("one");
    await history.undo();
    expect(fields.get("title")).toBe("");
    expect([history.canUndo, history.canRedo]).toEqual([false, true]);
    await history.undo(); // nothing left: no change
    expect(fields.get("title")).toBe("");
    await history.redo();
    await history.redo();
    expect(fields.get("title")).toBe("two");
    await history.undo();
    type("subtitle", "new");
    expect(history.canRedo).toBe(false);
  });

  it("forgets every step when cleared (the page restored to an older version)", async () => {
    const { history, type } = setup();
    type("title", "a");
    type("subtitle", "b");
    await history.undo();
    expect([history.canUndo, history.canRedo]).toEqual([true, true]);
    history.clear();
    expect([history.canUndo, history.canRedo, history.size]).toEqual([false, false, 0]);
  });

  it("keeps the last `limit` steps (200 by default, at least 100), across fields", async () => {
    const { fields, history, type } = setup();
    for (let n = 1; n <= 250; n++) type(`field-${n % 7}`, `value ${n}`, null);
    expect(history.size).toBe(200);
    while (history.canUndo) await history.undo();
    // Steps 51..250 were undone; the 50 oldest were let go, so their values stay.
    for (let field = 0; field < 7; field++) {
      const last = Math.max(...Array.from({ length: 50 }, (_, i) => i + 1).filter((n) => n % 7 === field));
      expect(fields.get(`field-${field}`)).toBe(`value ${last}`);
    }
    const small = setup(100);
    for (let n = 1; n <= 150; n++) small.type("title", `value ${n}`, null);
    expect(small.history.size).toBe(100);
  });

  it("runs undos asked for at once one after another, in order", async () => {
    const { history } = setup();
    const log: string[] = [];
    for (const name of ["a", "b", "c"])
      history.record({
        undo: async () => {
          log.push(`start ${name}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
          log.push(`end ${name}`);
        },
        redo: async () => undefined,
      });
    expect(history.busy).toBe(false);
    const all = [history.undo(), history.undo(), history.undo()];
    expect(history.busy).toBe(true);
    await Promise.all(all);
    expect(log).toEqual(["start c", "end c", "start b", "end b", "start a", "end a"]);
    expect(history.busy).toBe(false);
  });

  it.each([
    ["an error the step did not show", new Error("network down"), 1],
    ["a failure the step already showed (Reported)", new Reported(), 0],
  ])("keeps a step that failed in its place: %s", async (_name, failure, told) => {
    const errors: unknown[] = [];
    const history = new ComposerHistory({ onError: (error) => errors.push(error) });
    let fail = true;
    let undone = 0;
    history.record({
      undo: async () => {
        if (fail) throw failure;
        undone++;
      },
      redo: async () => undefined,
    });
    await history.undo();
    expect([history.canUndo, history.canRedo, errors.length]).toEqual([true, false, told]);
    fail = false;
    await history.undo();
    expect([history.canUndo, history.canRedo, undone]).toEqual([false, true, 1]);
  });

  it("tells its subscribers of each change", async () => {
    const { history, type } = setup();
    let calls = 0;
    const stop = history.subscribe(() => calls++);
    type("title", "x");
    await history.undo();
    stop();
    type("title", "y");
    expect(calls).toBeGreaterThanOrEqual(3);
    const seen = calls;
    type("title", "z");
    expect(calls).toBe(seen);
  });
});

describe("records whose id changes (a block made again)", () => {
  it("gives one object per record, and moves it to the new id", () => {
    const blocks = new Identities<{ id?: string; serial: number; widgetId?: string }>((id, serial) => ({
      ...(id ? { id } : {}),
      serial,
    }));
    const ref = blocks.of("old");
    expect(blocks.of("old")).toBe(ref);
    blocks.follow(ref, { id: "new", widgetId: "w2" });
    expect(ref).toMatchObject({ id: "new", widgetId: "w2" });
    expect(blocks.of("new")).toBe(ref);
    // The old id names nothing now: asked again, it is another record.
    expect(blocks.of("old")).not.toBe(ref);
    const row = blocks.unsaved();
    expect(row.id).toBeUndefined();
    blocks.follow(row, { id: "made" });
    expect(blocks.of("made")).toBe(row);
    expect(new Set([ref.serial, row.serial]).size).toBe(2);
  });

  it.each<[string, string[], string[], string[]]>([
    ["the same blocks", ["a", "b", "c"], ["c", "a", "b"], ["c", "a", "b"]],
    ["a block added since stays where it is", ["a", "x", "b", "c"], ["c", "b", "a"], ["c", "x", "b", "a"]],
    ["a block gone since is left out", ["b", "a"], ["a", "gone", "b"], ["a", "b"]],
    ["nothing named", ["a", "b"], [], ["a", "b"]],
  ])("orders like the step: %s", (_name, current, wanted, expected) => {
    expect(orderLike(current, wanted)).toEqual(expected);
  });
});

describe("the undo keys", () => {
  const press = (over: Partial<KeyPress>): KeyPress => ({
    key: "z",
    code: "KeyZ",
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...over,
  });
  it.each<[string, Partial<KeyPress>, "undo" | "redo" | undefined]>([
    ["Ctrl+Z", { ctrlKey: true }, "undo"],
    ["Cmd+Z", { metaKey: true }, "undo"],
    ["Shift+Ctrl+Z", { ctrlKey: true, shiftKey: true, key: "Z" }, "redo"],
    ["Shift+Cmd+Z", { metaKey: true, shiftKey: true, key: "Z" }, "redo"],
    ["Ctrl+Y", { ctrlKey: true, key: "y", code: "KeyY" }, "redo"],
    ["Cmd+Y (not a redo on a Mac)", { metaKey: true, key: "y", code: "KeyY" }, undefined],
    ["Ctrl+Я on a Russian layout", { ctrlKey: true, key: "я", code: "KeyZ" }, "undo"],
    ["Ctrl+Z on AZERTY (the W key types z)", { ctrlKey: true, key: "z", code: "KeyW" }, "undo"],
    ["Z alone", {}, undefined],
    ["Alt+Ctrl+Z", { ctrlKey: true, altKey: true }, undefined],
    ["while composing a word", { ctrlKey: true, isComposing: true }, undefined],
    ["Ctrl+A", { ctrlKey: true, key: "a", code: "KeyA" }, undefined],
  ])("%s", (_name, over, expected) => {
    expect(undoKeyOf(press(over))).toBe(expected);
  });
});

describe("reaching a panel's fields", () => {
  it("waits for the panel to open, and lets go of a panel that closed", async () => {
    const handles = new PanelHandles<string>();
    const waiting = handles.waitFor("block-1");
    const close = handles.register("block-1", "texts of block 1");
    await expect(waiting).resolves.toBe("texts of block 1");
    await expect(handles.waitFor("block-1")).resolves.toBe("texts of block 1");
    close();
    await expect(handles.waitFor("block-1", 20)).rejects.toThrow(/did not open/);
  });
});

/** A record one admin screen shows: its model and id. */
export interface RecordRef {
  model: string;
  id: string;
}

/** Who has a record open, as the other admins see them. */
export interface Person {
  subjectId: string;
  email?: string;
  /** Tells two tabs of one admin apart. */
  stream: string;
}

/** One admin tab's live stream, as the board knows it. */
interface Tab {
  person: Person;
  /** The record its screen shows, while heartbeats come. */
  viewing?: RecordRef;
  /** Records of that screen whose saves it wants to hear of (the composer's chosen block). */
  watching: RecordRef[];
  heardAt: number;
}

export const keyOf = (record: RecordRef) => `${record.model} ${record.id}`;

/** A screen whose tab sends no heartbeat for this long has left it (a tab put to sleep, a dropped network). */
export const PRESENCE_TTL_MS = 15_000;

/**
 * Which admin tab shows which record, on this instance only (docs/admin.md, "Two editors on one
 * page"): the tabs connected here. A tab is here while its stream is open; its screen counts as
 * open while it heartbeats. `changed` is told the records whose viewers changed.
 */
export class PresenceBoard {
  private readonly tabs = new Map<string, Tab>();

  constructor(private readonly changed: (records: RecordRef[]) => void) {}

  connect(person: Person, now: number): void {
    this.tabs.set(person.stream, { person, watching: [], heardAt: now });
  }

  /** The tab's stream closed: its screen is left at once. */
  disconnect(stream: string): void {
    const tab = this.tabs.get(stream);
    if (!tab) return;
    this.tabs.delete(stream);
    if (tab.viewing) this.changed([tab.viewing]);
  }

  /** Whose tab this stream is, when it is open here. */
  person(stream: string): Person | undefined {
    return this.tabs.get(stream)?.person;
  }

  /** Whether this stream is open here and belongs to this subject (no one reports for another's tab). */
  owns(stream: string, subjectId: string): boolean {
    return this.tabs.get(stream)?.person.subjectId === subjectId;
  }

  /**
   * A heartbeat: the tab's screen shows `viewing` (none: no record screen) and wants saves of
   * `watching` told. Whether the screen moved (its viewers were then told).
   */
  view(stream: string, viewing: RecordRef | undefined, watching: RecordRef[], now: number): boolean {
    const tab = this.tabs.get(stream);
    if (!tab) return false;
    const before = tab.viewing;
    tab.viewing = viewing;
    tab.watching = watching;
    tab.heardAt = now;
    const moved = (before ? keyOf(before) : "") !== (viewing ? keyOf(viewing) : "");
    if (moved) this.changed([before, viewing].filter((r): r is RecordRef => r !== undefined));
    return moved;
  }

  /** Drops the screens of tabs not heard of for PRESENCE_TTL_MS (their streams stay). */
  expire(now: number): void {
    const left: RecordRef[] = [];
    for (const tab of this.tabs.values()) {
      if (!tab.viewing || now - tab.heardAt < PRESENCE_TTL_MS) continue;
      left.push(tab.viewing);
      tab.viewing = undefined;
      tab.watching = [];
    }
    if (left.length) this.changed(left);
  }

  /** The tabs showing `record`. */
  viewers(record: RecordRef): Person[] {
    const key = keyOf(record);
    return [...this.tabs.values()].filter((t) => t.viewing && keyOf(t.viewing) === key).map((t) => t.person);
  }

  /** The tabs that show or watch `record`: told when it is saved. */
  interested(record: RecordRef): string[] {
    const key = keyOf(record);
    return [...this.tabs.values()]
      .filter((t) => (t.viewing && keyOf(t.viewing) === key) || t.watching.some((w) => keyOf(w) === key))
      .map((t) => t.person.stream);
  }

  /** Every record some tab here shows or watches, by model. */
  followed(): Map<string, Set<string>> {
    const byModel = new Map<string, Set<string>>();
    for (const tab of this.tabs.values())
      for (const record of [...(tab.viewing ? [tab.viewing] : []), ...tab.watching])
        (byModel.get(record.model) ?? byModel.set(record.model, new Set()).get(record.model)!).add(record.id);
    return byModel;
  }
}

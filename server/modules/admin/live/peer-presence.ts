import { keyOf, PRESENCE_TTL_MS, type Person, type RecordRef } from "./presence-board.js";

/** What an instance tells the others of one of its tabs: the record its screen shows, or none. */
export interface PresenceMessage {
  person: Person;
  viewing: RecordRef | null;
}

interface PeerTab {
  person: Person;
  viewing: RecordRef;
  heardAt: number;
}

const isRecord = (value: unknown): value is RecordRef =>
  typeof (value as RecordRef)?.model === "string" && typeof (value as RecordRef)?.id === "string";

/** A message another instance sent, if it has the shape one sends. */
export function presenceMessage(body: unknown): PresenceMessage | undefined {
  const { person, viewing } = (body ?? {}) as Partial<PresenceMessage>;
  if (typeof person?.stream !== "string" || typeof person.subjectId !== "string") return undefined;
  if (viewing !== null && !isRecord(viewing)) return undefined;
  const email = typeof person.email === "string" ? person.email : undefined;
  return { person: { subjectId: person.subjectId, stream: person.stream, email }, viewing };
}

/**
 * The tabs of the other instances that show a record, as they told this one (each heartbeat of
 * such a tab is told to every instance). A tab not heard of for PRESENCE_TTL_MS has left, as on
 * its own instance. Each method answers the records whose viewers it changed.
 */
export class PeerPresence {
  private readonly tabs = new Map<string, PeerTab>();

  heard({ person, viewing }: PresenceMessage, now: number): RecordRef[] {
    const before = this.tabs.get(person.stream)?.viewing;
    if (viewing) this.tabs.set(person.stream, { person, viewing, heardAt: now });
    else this.tabs.delete(person.stream);
    if ((before ? keyOf(before) : "") === (viewing ? keyOf(viewing) : "")) return [];
    return [before, viewing ?? undefined].filter((r): r is RecordRef => r !== undefined);
  }

  expire(now: number): RecordRef[] {
    const left: RecordRef[] = [];
    for (const [stream, tab] of this.tabs)
      if (now - tab.heardAt >= PRESENCE_TTL_MS) {
        this.tabs.delete(stream);
        left.push(tab.viewing);
      }
    return left;
  }

  /** Everything is forgotten (messages were lost); each tab comes back with its next heartbeat. */
  clear(): RecordRef[] {
    const left = [...this.tabs.values()].map((tab) => tab.viewing);
    this.tabs.clear();
    return left;
  }

  viewers(record: RecordRef): Person[] {
    const key = keyOf(record);
    return [...this.tabs.values()].filter((tab) => keyOf(tab.viewing) === key).map((tab) => tab.person);
  }
}

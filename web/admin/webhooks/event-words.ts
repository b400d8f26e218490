import { EVENT_PATTERN, matches } from "../../../common/admin/webhook-events.js";
import type { EventTexts } from "./event-texts.js";

/** A model whose records' changes are events: `blog.articles`, named as the admin names its records. */
export interface EventModel {
  key: string;
  name: string;
  /** The changes the server names for it (published and unpublished only with drafts). */
  actions: string[];
}

/**
 * What a webhook may subscribe to, as the picker offers it: the server's event types
 * (GET /api/admin/webhooks/event-types) split into the events modules queue by name (an order
 * paid) and the changes of each model's records.
 */
export interface EventCatalogue {
  types: string[];
  named: string[];
  models: EventModel[];
}

/**
 * `modelName("blog/articles")` is the admin's word for that model's records, or undefined when the
 * id is not a model's: `ecommerce.order.paid` is then an event by name, `ecommerce.orders.created`
 * a record change.
 */
export function eventCatalogue(types: string[], modelName: (modelId: string) => string | undefined): EventCatalogue {
  const named: string[] = [];
  const models = new Map<string, EventModel>();
  for (const type of types) {
    const [module, entity, action] = type.split(".");
    const name = modelName(`${module}/${entity}`);
    if (name === undefined || action === undefined) {
      named.push(type);
      continue;
    }
    const key = `${module}.${entity}`;
    const model = models.get(key) ?? { key, name, actions: [] };
    model.actions.push(action);
    models.set(key, model);
  }
  return { types, named, models: [...models.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}

/** How many known event types a pattern takes. */
export const countMatching = (pattern: string, catalogue: EventCatalogue) =>
  catalogue.types.filter((type) => matches(pattern, type)).length;

/**
 * A pattern or an event type in words, or undefined when it has none (a pattern with a `*` other
 * than "any change of X" is shown by its code and the number of events it takes).
 */
export function eventWords(pattern: string, catalogue: EventCatalogue, t: EventTexts): string | undefined {
  if (pattern === "*.*.*") return t.everyEvent;
  if (t.named[pattern]) return t.named[pattern];
  const [module, entity, action = ""] = pattern.split(".");
  const model = catalogue.models.find((m) => m.key === `${module}.${entity}`);
  if (model && t.actions[action]) return t.recordChange(model.name, t.actions[action]!);
  return undefined;
}

/** A pattern in words, else "3 events" — what the list shows in its Events column. */
export const eventSummary = (pattern: string, catalogue: EventCatalogue, t: EventTexts) =>
  eventWords(pattern, catalogue, t) ?? `${pattern} (${t.matching(countMatching(pattern, catalogue))})`;

/** A typed pattern's check before it is added: its shape, that it takes some event, that it is new. */
export function checkPattern(
  text: string,
  catalogue: EventCatalogue,
  chosen: string[],
  t: EventTexts,
): { error?: string; matching?: number } {
  const pattern = text.trim();
  if (!pattern) return {};
  if (!EVENT_PATTERN.test(pattern)) return { error: t.patternInvalid };
  if (chosen.includes(pattern)) return { error: t.alreadyChosen };
  const matching = countMatching(pattern, catalogue);
  if (matching === 0) return { error: t.patternUnknown };
  return { matching };
}

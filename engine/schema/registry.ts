import type { Model } from "./model.js";

/** Every model by id ("ecommerce/products"), in a stable order. */
export class Registry {
  readonly models: Model[];
  /** Models with generic routes, OpenAPI paths and admin screens: every model but the internal ones. */
  readonly exposed: Model[];
  private readonly byId: Map<string, Model>;

  constructor(models: Model[]) {
    this.models = [...models].sort((a, b) => a.id.localeCompare(b.id));
    this.exposed = this.models.filter((m) => !m.internal);
    this.byId = new Map(this.models.map((m) => [m.id, m]));
  }

  find(id: string): Model | undefined {
    return this.byId.get(id);
  }

  get(id: string): Model {
    const model = this.byId.get(id);
    if (!model) throw new Error(`Unknown model ${id}`);
    return model;
  }
}

/** A mistake in a schema file: names the file and the JSON path, so start-up says where to look. */
export class SchemaError extends Error {
  constructor(
    readonly file: string,
    readonly path: string,
    detail: string,
  ) {
    super(`${file}: ${path || "/"} ${detail}`);
    this.path = path || "/";
    this.name = "SchemaError";
  }
}

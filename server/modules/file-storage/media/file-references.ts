import { labelFieldOf } from "../../../../engine/admin/admin-model.js";
import type { Model } from "../../../../engine/schema/model.js";
import type { Registry } from "../../../../engine/schema/registry.js";

const FILES = "file-storage/files";

/**
 * One way a record can use a file: a foreign key to file-storage/files. In a relation
 * (products-to-file-storage-module-files) the user is the record its other key points at (the
 * product); in an entity, the record holding the key.
 */
export interface FileReference {
  /** The model holding the foreign key. */
  holder: Model;
  /** Its column pointing at the file. */
  fileKey: string;
  /** The record that uses the file: its model, the holder's column holding its id ("id" for an entity), and the field naming it. */
  user: Model;
  userKey: string;
  userLabel: string;
}

/**
 * Every reference to files the registry knows, found from the schemas (x-references), so a
 * module that links files in a new relation shows up in "where used" with no code here.
 * Internal models (a module's own storage) are left out, as everywhere in the admin.
 */
export function fileReferences(registry: Registry): FileReference[] {
  const references: FileReference[] = [];
  for (const holder of registry.exposed) {
    if (holder.id === FILES) continue;
    for (const field of holder.fields) {
      if (field.references?.model !== FILES || field.hidden) continue;
      const other = holder.kind === "relation" ? holder.fields.find((f) => f !== field && f.references) : undefined;
      const user = other ? registry.find(other.references!.model) : holder;
      if (!user || user.internal) continue;
      references.push({
        holder,
        fileKey: field.name,
        user,
        userKey: other ? other.name : "id",
        userLabel: labelFieldOf(user),
      });
    }
  }
  return references;
}

import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { Repository } from "../../engine/query/repository.js";
import type { Row } from "../../engine/query/prepare-write.js";
import type { StoredRecord } from "../../engine/query/stored-record.js";
import { runTransaction } from "../../engine/query/transaction.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Repositories typed by model id. The type assertions are checked by `tsc`, which
 * fails on a repository that answers open records; the runtime ones check that the types tell the
 * truth about what the database hands back (date-time fields are Date objects before JSON).
 */
describe("typed repositories", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a generated model's id gives a repository answering that model's record", async () => {
    const subjects = t.app.repositories.get("rbac/subjects")!;
    expectTypeOf(subjects).toEqualTypeOf<Repository<StoredRecord<"rbac/subjects">>>();

    const created = await subjects.create({ slug: "typed-subject", language: "ru" });
    // A language is one of the LANGUAGES setting, checked at run time: the type does not change with it.
    expectTypeOf(created.language).toEqualTypeOf<string>();
    expectTypeOf(created.createdAt).toEqualTypeOf<Date>();
    // @ts-expect-error hidden fields are never selected, so the record type has none
    void created.identifiedAt;
    expect(created.language).toBe("ru");
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(created.updatedAt).toBeInstanceOf(Date);
    expect("identifiedAt" in created).toBe(false);

    const read = await subjects.get(created.id);
    const updated = await subjects.update(created.id, { language: "en" });
    const [listed] = await subjects.list({ filters: [], orderBy: [], limit: 1, offset: 0 });
    expectTypeOf(read).toEqualTypeOf<StoredRecord<"rbac/subjects">>();
    expectTypeOf(updated).toEqualTypeOf<StoredRecord<"rbac/subjects">>();
    expectTypeOf(listed).toEqualTypeOf<StoredRecord<"rbac/subjects"> | undefined>();
    expect(read.slug).toBe("typed-subject");
    expect(updated.language).toBe("en");
    expect(listed!.createdAt).toBeInstanceOf(Date);
  });

  it("a nullable date-time field reads as Date | null", () => {
    expectTypeOf<StoredRecord<"notification/jobs">["lockedUntil"]>().toEqualTypeOf<Date | null>();
    expectTypeOf<StoredRecord<"notification/jobs">["runAt"]>().toEqualTypeOf<Date>();
    expectTypeOf<StoredRecord<"notification/jobs">["status"]>().toEqualTypeOf<
      "queued" | "running" | "done" | "failed"
    >();
  });

  it("stays a Map for generic code: every model by its runtime id, open records", () => {
    const repositories = t.app.repositories;
    expect(repositories).toBeInstanceOf(Map);
    expect([...repositories.keys()].sort()).toEqual(t.app.registry.models.map((m) => m.id).sort());
    const modelId: string = "rbac/subjects";
    const generic = repositories.get(modelId);
    expectTypeOf(generic).toEqualTypeOf<Repository<Row> | undefined>();
    expect(generic).toBe(repositories.get("rbac/subjects"));
    expect(repositories.get("no/such-model")).toBeUndefined();
  });

  it("a transaction's lookup is typed the same way", async () => {
    const language = await runTransaction(t.app.database, t.app.repositories, async (repository) => {
      const subject = await repository("rbac/subjects").create({ slug: "typed-in-transaction" });
      expectTypeOf(subject).toEqualTypeOf<StoredRecord<"rbac/subjects">>();
      const byRuntimeId = (modelId: string) => repository(modelId);
      expectTypeOf(byRuntimeId).returns.toEqualTypeOf<Repository<Row>>();
      return subject.language;
    });
    expect(language).toBe("en");
  });
});

import type { TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, lastMail, register, resetCodeIn } from "../rbac/helpers.js";

/** A case of module-body-forms.test.ts (its own shape, repeated so that file need only spread these in). */
interface Case {
  status: number;
  prepare: (
    form: string,
    n: string,
  ) => Promise<{ url: string; data: unknown; caller: "anonymous"; effect?: () => Promise<unknown> }>;
}

const EMAIL_API = `${AUTH}/email-and-password`;

/**
 * The email change's two links read their code in the three body forms alike: each form asks its
 * own change (the link from the outbox), and the effect is whether the email is the one expected.
 */
export function emailChangeBodyFormCases(app: () => TestApp): Record<string, Case> {
  const identityOf = async (jwt: string) =>
    (
      await app().request({
        method: "GET",
        url: `${AUTH}/me`,
        key: null,
        headers: { authorization: `Bearer ${jwt}` },
      })
    ).body.data.identities[0];
  /** A subject that asked to move from old-{n} to new-{n}: the confirmation code and a way to read its email. */
  const asked = async (n: string) => {
    const s = await register(app(), `old-${n}@example.com`);
    const identity = await identityOf(s.jwt);
    await app().request({
      method: "PATCH",
      url: `/api/rbac/subjects/${s.subjectId}/identities/${identity.id}`,
      key: null,
      headers: { authorization: `Bearer ${s.jwt}` },
      payload: { data: { email: `new-${n}@example.com`, currentPassword: PASSWORD } },
    });
    const code = resetCodeIn((await lastMail(app(), `new-${n}@example.com`))!.text)!;
    const emailIs = async (email: string) =>
      (
        await app()
          .database.db.selectFrom("rbac_identities")
          .select("email")
          .where("id", "=", identity.id)
          .executeTakeFirst()
      )?.email === email;
    return { code, emailIs };
  };
  return {
    [`POST ${EMAIL_API}/confirm-email`]: {
      status: 200,
      prepare: async (_form, n) => {
        const { code, emailIs } = await asked(n);
        return {
          url: `${EMAIL_API}/confirm-email`,
          data: { code },
          caller: "anonymous",
          effect: () => emailIs(`new-${n}@example.com`),
        };
      },
    },
    [`POST ${EMAIL_API}/undo-email-change`]: {
      status: 200,
      prepare: async (_form, n) => {
        const { code, emailIs } = await asked(n);
        await app().request({ method: "POST", url: `${EMAIL_API}/confirm-email`, key: null, payload: { code } });
        const undo = resetCodeIn((await lastMail(app(), `old-${n}@example.com`))!.text)!;
        return {
          url: `${EMAIL_API}/undo-email-change`,
          data: { code: undo },
          caller: "anonymous",
          effect: () => emailIs(`old-${n}@example.com`),
        };
      },
    },
  };
}

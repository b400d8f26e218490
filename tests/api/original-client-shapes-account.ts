// The last part of the original client's replay table (original-client-shapes.ts), after the
// cart (original-client-shapes-cart.ts): forms, files, notifications, sessions and account settings.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { expect } from "vitest";
import { lastMail, PASSWORD, resetCodeIn, subjectOf } from "../rbac/helpers.js";
import {
  SUBJECTS,
  AUTH,
  expectClientSession,
  timestampSigned,
  OG,
  RECEIPT,
  type Shape,
} from "./original-client-sdk.js";

export const accountShapes: Shape[] = [
  // Forms, files, notifications
  {
    call: "POST crm/forms/{id}/requests",
    name: "query params and a data body",
    who: "anonymous",
    method: "POST",
    path: (c) => `/api/crm/forms/${c.formId}/requests`,
    params: () => ({ locale: "en" }),
    data: () => ({ name: "Visitor", message: "Hello" }),
    status: 201,
    expect: (body, c) =>
      expect(body.data).toMatchObject({ formId: c.formId, payload: { name: "Visitor", message: "Hello" } }),
  },
  {
    call: "POST files/create-from-url",
    name: "query params and a data body with the url",
    who: "secret",
    method: "POST",
    path: () => "/api/file-storage/files/create-from-url",
    params: () => ({ folder: "notes" }),
    data: (c) => ({ url: `${c.filesOrigin}/price-list.txt` }),
    status: 201,
    expect: (body) =>
      expect(body.data).toMatchObject({
        file: expect.stringMatching(/^\//),
        mimeType: "text/plain",
        adminTitle: "price-list.txt",
      }),
  },
  {
    call: "POST files/generate",
    name: "{ variant, width, height, ecommerce: { order } }: the order's receipt",
    who: "secret",
    method: "POST",
    path: () => "/api/file-storage/files/generate",
    data: (c) => ({
      variant: RECEIPT,
      width: 1500,
      height: 1500,
      ecommerce: { order: { id: c.orderId, type: "history" } },
    }),
    status: 201,
    expect: (body) =>
      expect(body.data).toMatchObject({ variant: RECEIPT, width: 1500, height: 1500, file: expect.any(String) }),
  },
  {
    call: "POST files/generate",
    name: "the newer { variant, generateData }",
    who: "secret",
    method: "POST",
    path: () => "/api/file-storage/files/generate",
    data: () => ({
      variant: OG,
      width: 1200,
      height: 630,
      generateData: { title: "Handmade goods", siteName: "Shop" },
    }),
    status: 201,
    expect: (body) => expect(body.data).toMatchObject({ variant: OG, width: 1200, height: 630 }),
  },
  {
    call: "POST notify",
    name: "{ notification: { notification, template: { variant }, topic: { slug } } }",
    who: "admin",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.bea.subjectId}/notify`,
    // As the original's notifications are made: with a title.
    data: () => ({
      notification: {
        notification: { title: "New request from website", data: JSON.stringify({ name: "Bea" }) },
        template: { variant: "message" },
        topic: { slug: "information" },
      },
    }),
    status: 201,
    expect: async (body, c) => {
      expect(body.data).toMatchObject({
        template: "message",
        recipient: "bea@example.com",
        rbacModuleSubjectId: c.bea.subjectId,
        data: { name: "Bea" },
        subject: "New request from website",
      });
      // Sent before the steps after it, so its mail is not the newest one when bea resets her password.
      await c.t.app.notifications.flush();
    },
  },

  // Sessions
  {
    call: "GET init",
    name: "a new subject's session: jwt and refresh",
    who: "anonymous",
    method: "GET",
    path: () => `${AUTH}/init`,
    status: 200,
    expect: async (body, c) => {
      expect(body.data).toMatchObject({ jwt: expect.any(String), refresh: expect.any(String) });
      expect(subjectOf(body.data.jwt)).toMatch(/^[0-9a-f-]{36}$/);
      await expectClientSession(c, body.data);
    },
  },
  {
    call: "GET me",
    name: "the subject with its identities",
    who: "ann",
    method: "GET",
    path: () => `${AUTH}/me`,
    status: 200,
    expect: (body, c) => {
      expect(body.data).toMatchObject({
        id: c.ann.subjectId,
        identities: [expect.objectContaining({ email: "ann@example.com" })],
      });
      expect(JSON.stringify(body.data)).not.toMatch(/"password"|"salt"/);
    },
  },
  {
    call: "POST email-and-password/registration",
    name: "login and password: jwt and refresh",
    who: "anonymous",
    method: "POST",
    path: () => `${AUTH}/email-and-password/registration`,
    data: () => ({ login: "eve@example.com", password: PASSWORD }),
    status: 201,
    expect: async (body, c) => {
      expect(body.data).toMatchObject({ jwt: expect.any(String), refresh: expect.any(String) });
      c.eve = { ...body.data, subjectId: subjectOf(body.data.jwt) };
      await expectClientSession(c, body.data);
    },
  },
  {
    call: "POST email-and-password/authentication",
    name: "login and password: jwt and refresh",
    who: "anonymous",
    method: "POST",
    path: () => `${AUTH}/email-and-password/authentication`,
    data: () => ({ login: "eve@example.com", password: PASSWORD }),
    status: 200,
    expect: (body, c) => expectClientSession(c, body.data, c.eve.subjectId),
  },
  {
    call: "POST refresh",
    name: "the refresh token in the body: a new jwt and refresh",
    who: "anonymous",
    method: "POST",
    path: () => `${AUTH}/refresh`,
    data: (c) => ({ refresh: c.eve.refresh }),
    status: 200,
    expect: async (body, c) => {
      expect(subjectOf(body.data.jwt)).toBe(c.eve.subjectId);
      expect(body.data.refresh).not.toBe(c.eve.refresh);
      c.eve = { ...c.eve, ...body.data };
      await expectClientSession(c, body.data, c.eve.subjectId);
    },
  },
  {
    call: "POST logout",
    name: "answers redirectTo '/'",
    who: "eve",
    method: "POST",
    path: () => `${AUTH}/logout`,
    data: (c) => ({ refresh: c.eve.refresh, redirectTo: "/" }),
    status: 200,
    expect: (body) => expect(body).toEqual({ data: { redirectTo: "/" } }),
  },
  {
    call: "POST ethereum-virtual-machine",
    name: "message, signature, address: jwt and refresh",
    who: "anonymous",
    method: "POST",
    before: async (c) => {
      const account = privateKeyToAccount(generatePrivateKey());
      const { data } = (await c.t.request({ method: "GET", url: `${AUTH}/ethereum-virtual-machine/nonce`, key: null }))
        .body;
      const message = createSiweMessage({
        address: account.address,
        chainId: 1,
        domain: data.domain,
        uri: data.uri,
        nonce: data.nonce,
        version: "1",
        issuedAt: new Date(),
      });
      c.saved.wallet = { message, signature: await account.signMessage({ message }), address: account.address };
    },
    path: () => `${AUTH}/ethereum-virtual-machine`,
    data: (c) => c.saved.wallet,
    status: 200,
    expect: (body, c) => expectClientSession(c, body.data),
  },

  // Account settings
  {
    call: "GET identities",
    name: "the subject's identities, no secrets",
    who: "cy",
    method: "GET",
    path: (c) => `${SUBJECTS}/${c.cy.subjectId}/identities`,
    status: 200,
    expect: (body, c) => {
      expect(body.data).toEqual([expect.objectContaining({ email: "cy@example.com", provider: "email_and_password" })]);
      expect(JSON.stringify(body.data)).not.toMatch(/"password"|"salt"/);
      c.saved.cyIdentity = body.data[0].id;
    },
  },
  {
    call: "PATCH identity/{id}/change-password",
    name: "password and newPassword: a fresh session",
    who: "cy",
    method: "PATCH",
    path: (c) => `/api/rbac/identity/${c.saved.cyIdentity}/change-password`,
    data: () => ({ password: PASSWORD, newPassword: "cy second password" }),
    status: 200,
    expect: (body, c) => {
      expect(body.data).toMatchObject({ message: "Password changed", jwt: expect.any(String) });
      c.cy = { ...c.cy, ...body.data };
    },
  },
  {
    call: "PATCH subjects/{id}/change-password",
    name: "form data and query params: a fresh session",
    who: "cy",
    method: "PATCH",
    path: (c) => `${SUBJECTS}/${c.cy.subjectId}/change-password`,
    params: () => ({ locale: "en" }),
    data: () => ({ password: "cy second password", newPassword: "cy third password" }),
    status: 200,
    expect: (body, c) => {
      expect(body.data).toMatchObject({ message: "Password changed", jwt: expect.any(String) });
      c.cy = { ...c.cy, ...body.data };
    },
  },
  {
    call: "POST identity/email-and-password",
    name: "data and query params: another email identity",
    who: "cy",
    method: "POST",
    path: () => "/api/rbac/identity/email-and-password",
    params: () => ({ locale: "en" }),
    data: () => ({ email: "cy.work@example.com", password: "cy work password", currentPassword: "cy third password" }),
    status: 201,
    expect: (body, c) => {
      expect(body.data).toMatchObject({ email: "cy.work@example.com" });
      c.saved.cyWork = body.data.id;
    },
  },
  {
    call: "POST identities",
    name: "one more email identity",
    who: "cy",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.cy.subjectId}/identities`,
    data: () => ({ email: "cy.home@example.com", password: "cy home password", currentPassword: "cy third password" }),
    status: 201,
    expect: (body, c) => {
      expect(body.data).toMatchObject({ email: "cy.home@example.com" });
      c.saved.cyHome = body.data.id;
    },
  },
  {
    call: "PATCH identities/{identityId}",
    name: "update sends data with email",
    who: "cy",
    method: "PATCH",
    path: (c) => `${SUBJECTS}/${c.cy.subjectId}/identities/${c.saved.cyHome}`,
    data: () => ({ email: "cy.house@example.com", currentPassword: "cy third password" }),
    status: 200,
    // The identity as it is, the new email pending until the link mailed to it is opened.
    expect: (body, c) =>
      expect(body.data).toMatchObject({
        id: c.saved.cyHome,
        email: "cy.home@example.com",
        pendingEmail: "cy.house@example.com",
      }),
  },
  {
    call: "DELETE identities/{identityId}",
    name: "answers the deleted identity",
    who: "cy",
    method: "DELETE",
    path: (c) => `${SUBJECTS}/${c.cy.subjectId}/identities/${c.saved.cyHome}`,
    data: () => ({ currentPassword: "cy third password" }),
    status: 200,
    expect: (body, c) => expect(body.data.id).toBe(c.saved.cyHome),
  },
  {
    call: "PATCH identities/{identityId}",
    name: "email alone, the session signed in within ten minutes",
    who: "cy",
    method: "PATCH",
    path: (c) => `${SUBJECTS}/${c.cy.subjectId}/identities/${c.saved.cyWork}`,
    data: () => ({ email: "cy.office@example.com" }),
    status: 200,
    expect: (body, c) =>
      expect(body.data).toMatchObject({
        id: c.saved.cyWork,
        email: "cy.work@example.com",
        pendingEmail: "cy.office@example.com",
      }),
  },
  {
    call: "PATCH identities/{identityId}",
    name: "password and newPassword: a fresh session for the same subject",
    who: "cy",
    method: "PATCH",
    path: (c) => `${SUBJECTS}/${c.cy.subjectId}/identities/${c.saved.cyIdentity}`,
    data: () => ({ password: "cy third password", newPassword: "cy fourth password" }),
    status: 200,
    expect: async (body, c) => {
      expect(body.data).toMatchObject({
        message: "Password changed",
        jwt: expect.any(String),
        refresh: expect.any(String),
      });
      c.cy = { ...c.cy, ...body.data };
      await expectClientSession(c, body.data, c.cy.subjectId);
    },
  },
  {
    call: "PATCH identity/{id}/change-password",
    name: "the plural identities/{id}/change-password: a fresh session",
    who: "cy",
    method: "PATCH",
    path: (c) => `/api/rbac/identities/${c.saved.cyIdentity}/change-password`,
    data: () => ({ password: "cy fourth password", newPassword: "cy fifth password" }),
    status: 200,
    expect: async (body, c) => {
      expect(body.data).toMatchObject({ message: "Password changed", jwt: expect.any(String) });
      c.cy = { ...c.cy, ...body.data };
      await expectClientSession(c, body.data, c.cy.subjectId);
    },
  },
  {
    call: "POST identity/email-and-password",
    name: "the plural identities/email-and-password: another email identity",
    who: "cy",
    method: "POST",
    path: () => "/api/rbac/identities/email-and-password",
    params: () => ({ locale: "en" }),
    data: () => ({
      email: "cy.studio@example.com",
      password: "cy studio password",
      currentPassword: "cy fifth password",
    }),
    status: 201,
    expect: (body) =>
      expect(body.data).toMatchObject({ email: "cy.studio@example.com", provider: "email_and_password" }),
  },
  {
    call: "POST identities",
    name: "a wallet link: a signed Date.now() with provider 'ethereum-virtual-machine'",
    who: "cy",
    method: "POST",
    before: async (c) => {
      c.saved.cyWallet = privateKeyToAccount(generatePrivateKey());
      c.saved.walletLink = await timestampSigned(c.saved.cyWallet);
    },
    path: (c) => `${SUBJECTS}/${c.cy.subjectId}/identities`,
    data: (c) => c.saved.walletLink,
    status: 201,
    expect: (body, c) =>
      expect(body.data).toMatchObject({
        provider: "ethereum_virtual_machine",
        account: c.saved.cyWallet.address.toLowerCase(),
      }),
  },
  {
    call: "POST ethereum-virtual-machine",
    name: "a signed Date.now() with the provider: the linked wallet signs in as its subject",
    who: "anonymous",
    method: "POST",
    before: async (c) => void (c.saved.walletSignIn = await timestampSigned(c.saved.cyWallet)),
    path: () => `${AUTH}/ethereum-virtual-machine`,
    data: (c) => c.saved.walletSignIn,
    status: 200,
    expect: (body, c) => expectClientSession(c, body.data, c.cy.subjectId),
  },

  // Last: resetting bea's password ends her sessions.
  {
    call: "POST email-and-password/forgot-password",
    name: "email: the same answer for any email",
    who: "anonymous",
    method: "POST",
    path: () => `${AUTH}/email-and-password/forgot-password`,
    data: () => ({ email: "bea@example.com" }),
    status: 200,
    expect: async (body, c) => {
      expect(body.data.message).toEqual(expect.any(String));
      c.saved.resetCode = resetCodeIn((await lastMail(c.t, "bea@example.com", "Reset your password"))!.text);
      expect(c.saved.resetCode).toBeTruthy();
    },
  },
  {
    call: "POST email-and-password/reset-password",
    name: "password, passwordConfirmation and code",
    who: "anonymous",
    method: "POST",
    path: () => `${AUTH}/email-and-password/reset-password`,
    data: (c) => ({ password: "bea new password", passwordConfirmation: "bea new password", code: c.saved.resetCode }),
    status: 200,
    expect: (body) => expect(body.data.message).toBe("Password reset successfully"),
  },
];

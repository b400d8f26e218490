// The second half of the original client's replay table (original-client-shapes.ts): the cart,
// forms, files, notifications, sessions and account settings.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { expect } from "vitest";
import { lastMail, PASSWORD, resetCodeIn, subjectOf } from "../rbac/helpers.js";
import {
  SUBJECTS,
  AUTH,
  expectClientSession,
  timestampSigned,
  PAYMENT_URL,
  OG,
  RECEIPT,
  filters,
  type Shape,
} from "./original-client-sdk.js";

export const accountShapes: Shape[] = [
  // The cart: the Subject API, then the cart drawer's reads through the generic routes
  {
    call: "POST orders (add to cart)",
    name: "the original body, billingModule.currency included, answers subjectsToEcommerceModuleOrders[].order",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders`,
    data: (c) => ({ quantity: 2, productId: c.product.id, billingModule: { currency: { id: c.currency.id } } }),
    status: 201,
    expect: (body, c) => {
      expect(body.data.id).toBe(c.ann.subjectId);
      const order = body.data.subjectsToEcommerceModuleOrders[0].order;
      expect(order).toMatchObject({ id: expect.any(String), type: "cart" });
      c.orderId = order.id;
    },
  },
  {
    call: "GET list with filters",
    name: "cart drawer: the subject's own order links, by subjectId",
    who: "ann",
    method: "GET",
    path: () => "/api/rbac/subjects-to-ecommerce-module-orders",
    params: (c) => filters({ column: "subjectId", method: "eq", value: c.ann.subjectId }),
    status: 200,
    expect: (body, c) =>
      expect(body.data.map((l: any) => [l.subjectId, l.ecommerceModuleOrderId])).toEqual([
        [c.ann.subjectId, c.orderId],
      ]),
  },
  {
    call: "GET list with filters",
    name: "cart drawer: another subject's order links are not there",
    who: "bea",
    method: "GET",
    path: () => "/api/rbac/subjects-to-ecommerce-module-orders",
    params: (c) => filters({ column: "subjectId", method: "eq", value: c.ann.subjectId }),
    status: 200,
    expect: (body) => expect(body).toEqual({ data: [] }),
  },
  {
    call: "GET list with filters",
    name: "cart drawer: the orders by id inArray and type",
    who: "ann",
    method: "GET",
    path: () => "/api/ecommerce/orders",
    params: (c) =>
      filters({ column: "id", method: "inArray", value: [c.orderId] }, { column: "type", method: "eq", value: "cart" }),
    status: 200,
    expect: (body, c) =>
      expect(body.data.map((o: any) => [o.id, o.type, o.status])).toEqual([[c.orderId, "cart", "new"]]),
  },
  {
    call: "GET list with filters",
    name: "cart drawer: the order's lines by orderId",
    who: "ann",
    method: "GET",
    path: () => "/api/ecommerce/orders-to-products",
    params: (c) => filters({ column: "orderId", method: "eq", value: c.orderId }),
    status: 200,
    expect: (body, c) => {
      expect(body.data.map((l: any) => [l.orderId, l.productId, l.quantity])).toEqual([[c.orderId, c.product.id, 2]]);
      c.saved.line = body.data[0].id;
    },
  },
  {
    call: "GET orders/{id}/total",
    name: "a list of totals with billingModuleCurrency id and symbol",
    who: "ann",
    method: "GET",
    path: (c) => `/api/ecommerce/orders/${c.orderId}/total`,
    status: 200,
    expect: (body, c) =>
      expect(body.data).toEqual([
        { total: "39.98", billingModuleCurrency: expect.objectContaining({ id: c.currency.id, symbol: "$" }) },
      ]),
  },
  {
    call: "GET orders/{id}/quantity",
    name: "the number of items",
    who: "ann",
    method: "GET",
    path: (c) => `/api/ecommerce/orders/${c.orderId}/quantity`,
    status: 200,
    expect: (body) => expect(body).toEqual({ data: 2 }),
  },
  {
    call: "GET orders/{id}/checkout-attributes/{currencyId}",
    name: "one { amount, type, interval }",
    who: "ann",
    method: "GET",
    path: (c) => `/api/ecommerce/orders/${c.orderId}/checkout-attributes/${c.currency.id}`,
    status: 200,
    expect: (body) => expect(body.data).toMatchObject({ amount: "39.98", type: "one_off", interval: null }),
  },
  {
    call: "GET orders-to-products/{id}/total",
    name: "a line's totals",
    who: "ann",
    method: "GET",
    path: (c) => `/api/ecommerce/orders-to-products/${c.saved.line}/total`,
    status: 200,
    expect: (body) =>
      expect(body.data).toEqual([{ total: "39.98", billingModuleCurrency: expect.objectContaining({ symbol: "$" }) }]),
  },
  {
    call: "PATCH orders/{id}/orders-to-products/{lineId}",
    name: "a line's new quantity",
    who: "ann",
    method: "PATCH",
    path: (c) => `/api/ecommerce/orders/${c.orderId}/orders-to-products/${c.saved.line}`,
    data: () => ({ quantity: 3 }),
    status: 200,
    expect: (body, c) => expect(body.data).toMatchObject({ id: c.saved.line, quantity: 3 }),
  },
  {
    call: "PATCH orders/{orderId}",
    name: "ordersToProducts as a list of id and quantity",
    who: "ann",
    method: "PATCH",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/${c.orderId}`,
    data: (c) => ({ ordersToProducts: [{ id: c.saved.line, quantity: 2 }] }),
    status: 200,
    expect: (body, c) =>
      expect(body.data.ordersToProducts.map((l: any) => [l.id, l.quantity])).toEqual([[c.saved.line, 2]]),
  },
  {
    call: "GET orders/total",
    name: "the cart's totals",
    who: "ann",
    method: "GET",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/total`,
    status: 200,
    expect: (body) =>
      expect(body.data).toEqual([
        expect.objectContaining({ total: "39.98", billingModuleCurrency: expect.objectContaining({ symbol: "$" }) }),
      ]),
  },
  {
    call: "GET orders/quantity",
    name: "the cart's number of items",
    who: "ann",
    method: "GET",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/quantity`,
    status: 200,
    expect: (body) => expect(body).toEqual({ data: 2 }),
  },
  {
    call: "POST orders (add to cart)",
    name: "with currency {} and a store-less line",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders`,
    data: (c) => ({ quantity: 1, productId: c.pencil.id, billingModule: { currency: {} } }),
    status: 201,
    expect: (body, c) => void (c.saved.pencilOrder = body.data.subjectsToEcommerceModuleOrders[0].order.id),
  },
  {
    call: "DELETE orders/{orderId}",
    name: "answers the deleted order",
    who: "ann",
    method: "DELETE",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/${c.saved.pencilOrder}`,
    status: 200,
    expect: (body, c) => expect(body.data.id).toBe(c.saved.pencilOrder),
  },
  {
    call: "POST orders/checkout",
    name: "answers billingModule.invoices[0].paymentUrl, absolute",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/checkout`,
    data: (c) => ({
      provider: "dummy",
      email: "ann@example.com",
      billingModule: { currency: { id: c.currency.id } },
      ecommerceModule: { orders: [{ id: c.orderId }] },
    }),
    status: 200,
    expect: (body) => {
      expect(body.data.billingModule.invoices[0].paymentUrl).toMatch(PAYMENT_URL);
      expect(body.data.billingModule.invoices[0].amount).toBe("39.98");
    },
  },
  {
    call: "POST orders (add to cart)",
    name: "another cart order, for its own checkout",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders`,
    data: (c) => ({ quantity: 3, productId: c.pencil.id }),
    status: 201,
    expect: (body, c) => void (c.saved.pencilOrder = body.data.subjectsToEcommerceModuleOrders[0].order.id),
  },
  {
    call: "POST orders/{orderId}/checkout",
    name: "without a currency: the default one",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/${c.saved.pencilOrder}/checkout`,
    data: () => ({ provider: "dummy", email: "ann@example.com", billingModule: { currency: {} } }),
    status: 200,
    expect: (body, c) => {
      expect(body.data.billingModule.invoices[0]).toMatchObject({
        amount: "0.30",
        paymentUrl: expect.stringMatching(PAYMENT_URL),
      });
      expect(body.data.billingModule.currency.id).toBe(c.currency.id);
    },
  },
  {
    call: "POST products/{productId}/checkout",
    name: "provider, email, quantity, comment, currency {}",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/products/${c.pencil.id}/checkout`,
    data: () => ({
      provider: "dummy",
      email: "ann@example.com",
      quantity: 2,
      comment: "A gift",
      billingModule: { currency: {} },
    }),
    status: 200,
    expect: (body) => {
      expect(body.data.billingModule.invoices[0]).toMatchObject({
        amount: "0.20",
        paymentUrl: expect.stringMatching(PAYMENT_URL),
      });
      expect(body.data.ecommerceModule.orders[0]).toMatchObject({ comment: "A gift" });
    },
  },
  {
    call: "POST orders/clear-old-orders",
    name: "an admin's housekeeping answers how many went",
    who: "admin",
    method: "POST",
    path: () => "/api/ecommerce/orders/clear-old-orders",
    status: 200,
    expect: (body) => expect(body).toEqual({ data: { deleted: 0 } }),
  },
  {
    call: "error body",
    name: "cause entries carry path and message only, as the client's message builder reads them",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/checkout`,
    data: () => ({
      email: "not an email",
      billingModule: { currency: { id: "usd" } },
      ecommerceModule: { orders: [] },
    }),
    status: 400,
    expect: (body) => {
      expect(body.cause.length).toBeGreaterThan(1);
      for (const cause of body.cause) {
        expect(Object.keys(cause).sort()).toEqual(["message", "path"]);
        expect(typeof cause.message).toBe("string");
      }
      expect(body.message).toBe(`Validation error: ${body.cause.map((c: any) => `${c.path} ${c.message}`).join(", ")}`);
    },
  },

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

import { expect } from "vitest";
import { SUBJECTS, AUTH, SESSION_STATE, filters, type Shape } from "./original-client-sdk.js";
import { accountShapes } from "./original-client-shapes-account.js";
import { cartShapes } from "./original-client-shapes-cart.js";

export const shapes: Shape[] = [
  // is-authorized
  {
    call: "GET is-authorized",
    name: "is-authorized, nested permission, allowed",
    who: "ann",
    method: "GET",
    path: () => `${AUTH}/is-authorized`,
    params: () => ({ permission: { route: "/api/blog/articles", method: "GET", type: "HTTP" } }),
    status: 200,
    expect: (body) => expect(body).toEqual({ data: { ok: true } }),
  },
  {
    call: "GET is-authorized",
    name: "is-authorized, nested permission, a subject's own route",
    who: "ann",
    method: "GET",
    path: () => `${AUTH}/is-authorized`,
    params: (c) => ({
      permission: { route: `${SUBJECTS}/${c.ann.subjectId}/identities`, method: "GET", type: "HTTP" },
    }),
    status: 200,
    expect: (body) => expect(body).toEqual({ data: { ok: true } }),
  },
  {
    call: "GET is-authorized",
    name: "is-authorized, nested permission, denied to a subject: 403 saying no more",
    who: "ann",
    method: "GET",
    path: () => `${AUTH}/is-authorized`,
    params: (c) => ({
      permission: { route: `${SUBJECTS}/${c.bea.subjectId}/identities`, method: "GET", type: "HTTP" },
    }),
    status: 403,
    expect: (body) => {
      expect(body).toMatchObject({
        status: 403,
        code: "PERMISSION_ERROR",
        message: "Permission error: not authorized",
        error: "Permission error: not authorized",
        cause: [],
      });
    },
  },
  {
    call: "GET is-authorized",
    name: "is-authorized, nested permission, denied to an anonymous caller: 403",
    who: "anonymous",
    method: "GET",
    path: () => `${AUTH}/is-authorized`,
    params: () => ({ permission: { route: "/api/rbac/roles", method: "POST", type: "HTTP" } }),
    status: 403,
    expect: (body) => expect(body.message).toBe("Permission error: not authorized"),
  },
  {
    call: "GET is-authorized",
    name: "is-authorized, nested action (the July 2025 client), allowed",
    who: "ann",
    method: "GET",
    path: () => `${AUTH}/is-authorized`,
    params: (c) => ({ action: { route: `${SUBJECTS}/${c.ann.subjectId}/identities`, method: "GET" } }),
    status: 200,
    expect: (body) => expect(body).toEqual({ data: { ok: true } }),
  },
  {
    call: "GET is-authorized",
    name: "is-authorized, nested action, denied: 403 as for permission",
    who: "ann",
    method: "GET",
    path: () => `${AUTH}/is-authorized`,
    params: () => ({ action: { route: "/api/rbac/roles", method: "POST" } }),
    status: 403,
    expect: (body) => {
      expect(body).toMatchObject({
        status: 403,
        code: "PERMISSION_ERROR",
        message: "Permission error: not authorized",
        error: "Permission error: not authorized",
        cause: [],
      });
    },
  },
  {
    call: "GET is-authorized",
    name: "is-authorized with the secret key: ok without other checks",
    who: "secret",
    method: "GET",
    path: () => `${AUTH}/is-authorized`,
    status: 200,
    expect: (body) => expect(body).toEqual({ data: { ok: true } }),
  },
  {
    call: "GET is-authorized",
    name: "is-authorized, our flat form still answers true or false",
    who: "ann",
    method: "GET",
    path: () => `${AUTH}/is-authorized`,
    params: () => ({ route: "/api/blog/articles", method: "POST" }),
    status: 200,
    expect: (body) => expect(body).toEqual({ data: false }),
  },

  // Pages
  {
    call: "GET pages/urls",
    name: "host pages urls: concrete addresses, one per article",
    who: "anonymous",
    method: "GET",
    path: () => "/api/host/pages/urls",
    status: 200,
    expect: (body, c) => {
      const urls = body.data.urls.map((u: { url: string }) => u.url);
      expect(urls).toEqual(
        expect.arrayContaining(["/", "/blog", "/blog/articles/hello-world", "/blog/articles/second-post"]),
      );
      expect(urls.filter((u: string) => u.includes("["))).toEqual([]);
      expect(body.data.urls).toContainEqual({
        id: c.articleTemplate,
        url: "/blog/articles/hello-world",
        segments: ["blog", "articles", "hello-world"],
      });
    },
  },
  {
    call: "GET pages/urls",
    name: "website-builder pages urls: the same answer",
    who: "anonymous",
    method: "GET",
    path: () => "/api/website-builder/pages/urls",
    status: 200,
    expect: (body, c) =>
      expect(body.data.urls.map((u: { url: string }) => u.url).sort()).toEqual(
        [`/shop/${c.pencil.slug}`, `/shop/${c.product.slug}`].sort(),
      ),
  },
  {
    call: "GET pages/urls",
    name: "pages urls?templates=true: our page rows' own urls",
    who: "anonymous",
    method: "GET",
    path: () => "/api/host/pages/urls",
    params: () => ({ templates: "true" }),
    status: 200,
    expect: (body) =>
      expect(body.data.map((u: { url: string }) => u.url)).toContain("/blog/articles/[blog.articles.slug]"),
  },
  {
    call: "GET pages/find-by-url",
    name: "find-by-url?url=index is the home page",
    who: "anonymous",
    method: "GET",
    path: () => "/api/host/pages/find-by-url",
    params: () => ({ url: "index" }),
    status: 200,
    expect: (body, c) => expect(body.data).toMatchObject({ id: c.home, url: "/" }),
  },
  {
    call: "GET pages/find-by-url",
    name: "find-by-url without a url is the home page",
    who: "anonymous",
    method: "GET",
    path: () => "/api/host/pages/find-by-url",
    status: 200,
    expect: (body, c) => expect(body.data.id).toBe(c.home),
  },
  {
    call: "GET pages/url-segment-value",
    name: "url-segment-value of a segment the url has",
    who: "anonymous",
    method: "GET",
    path: () => "/api/host/pages/url-segment-value",
    params: () => ({ url: "/blog/articles/hello-world", segment: "blog.articles.slug" }),
    status: 200,
    expect: (body) => expect(body).toEqual({ data: "hello-world" }),
  },
  {
    call: "GET pages/url-segment-value",
    name: "url-segment-value of a segment the url does not have: 200, no value",
    who: "anonymous",
    method: "GET",
    path: () => "/api/host/pages/url-segment-value",
    params: () => ({ url: "/blog", segment: "blog.articles.slug" }),
    status: 200,
    expect: (body) => expect(body).toEqual({ data: null }),
  },

  // The subject's CRM form request
  {
    call: "POST crm-module/form/request",
    name: "subject form request on the client's path",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/crm-module/form/${c.formId}/request`,
    data: () => ({ name: "Ann", email: "ann@example.com", message: "Hello" }),
    status: 201,
    expect: (body, c) => {
      expect(body.data).toMatchObject({
        id: c.ann.subjectId,
        data: { name: "Ann", email: "ann@example.com", message: "Hello" },
      });
      expect(body.data.request).toMatchObject({
        formId: c.formId,
        payload: { name: "Ann", email: "ann@example.com", message: "Hello" },
      });
    },
  },
  {
    call: "POST crm-module/form/request",
    name: "subject form request on the documented path, formId in data",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/crm-module/form/request`,
    data: (c) => ({ formId: c.formId, message: "From the spec's path" }),
    status: 201,
    expect: (body, c) =>
      expect(body.data.request).toMatchObject({ formId: c.formId, payload: { message: "From the spec's path" } }),
  },
  {
    call: "POST crm-module/form/request",
    name: "subject form request for another subject: 403",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.bea.subjectId}/crm-module/form/${c.formId}/request`,
    data: () => ({ message: "As someone else" }),
    status: 403,
    expect: (body) => expect(body.message).toMatch(/^Permission error/),
  },
  {
    call: "POST crm-module/form/request",
    name: "subject form request for another subject by an admin: 403 (only as the caller)",
    who: "admin",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/crm-module/form/${c.formId}/request`,
    data: () => ({ message: "As ann" }),
    status: 403,
    expect: (body) => expect(body.message).toMatch(/^Permission error/),
  },
  {
    call: "POST crm-module/form/request",
    name: "subject form request, anonymous: 401",
    who: "anonymous",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/crm-module/form/${c.formId}/request`,
    data: () => ({ message: "Nobody" }),
    status: 401,
    expect: (body) => expect(body.message).toMatch(/^Authentication error/),
  },
  {
    call: "POST crm-module/form/request",
    name: "subject form request for an unknown form: 404",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/crm-module/form/00000000-0000-4000-8000-000000000000/request`,
    data: () => ({ message: "Lost" }),
    status: 404,
    expect: (body) => expect(body.message).toMatch(/^Not Found error/),
  },

  // Filters as the client sends them
  {
    call: "GET list with filters",
    name: "ilike with a bare word is a substring",
    who: "anonymous",
    method: "GET",
    path: () => "/api/blog/articles",
    params: () => filters({ column: "title->>en", method: "ilike", value: "hello" }),
    status: 200,
    expect: (body) => expect(body.data.map((a: any) => a.slug)).toEqual(["hello-world"]),
  },
  {
    call: "GET list with filters",
    name: "like with a bare word is a substring",
    who: "anonymous",
    method: "GET",
    path: () => "/api/blog/articles",
    params: () => filters({ column: "slug", method: "like", value: "second" }),
    status: 200,
    expect: (body) => expect(body.data.map((a: any) => a.slug)).toEqual(["second-post"]),
  },
  {
    call: "GET list with filters",
    name: "inArray with an empty list (qs drops it) matches nothing",
    who: "anonymous",
    method: "GET",
    path: () => "/api/blog/articles",
    params: () => filters({ column: "id", method: "inArray", value: [] }),
    status: 200,
    expect: (body) => expect(body).toEqual({ data: [] }),
  },
  {
    call: "GET list with filters",
    name: "eq on a uuid column with a slug matches nothing",
    who: "anonymous",
    method: "GET",
    path: () => "/api/blog/articles",
    params: () => filters({ column: "id", method: "eq", value: "hello-world" }),
    status: 200,
    expect: (body) => expect(body).toEqual({ data: [] }),
  },
  {
    call: "GET list with filters",
    name: "count with eq on a uuid column and a slug is 0",
    who: "anonymous",
    method: "GET",
    path: () => "/api/blog/articles/count",
    params: () => filters({ column: "id", method: "eq", value: "hello-world" }),
    status: 200,
    expect: (body) => expect(body).toEqual({ data: 0 }),
  },

  // Bulk bodies
  {
    call: "POST bulk",
    name: "bulk create with [{ data }] items",
    who: "secret",
    method: "POST",
    path: () => "/api/ecommerce/categories/bulk",
    data: () => [{ data: { slug: "wrapped-1" } }, { data: { slug: "wrapped-2", title: { en: "Wrapped" } } }],
    status: 201,
    expect: (body) =>
      expect(body.data.map((r: any) => [r.slug, r.title])).toEqual([
        ["wrapped-1", {}],
        ["wrapped-2", { en: "Wrapped" }],
      ]),
  },
  {
    call: "PATCH bulk",
    name: "bulk update with [{ id, data }] items",
    who: "secret",
    method: "PATCH",
    path: () => "/api/ecommerce/categories/bulk",
    data: (c) => c.categories.map((r, i) => ({ id: r.id, data: { slug: `renamed-${i}` } })),
    status: 200,
    expect: (body, c) =>
      expect(body.data.map((r: any) => [r.id, r.slug])).toEqual(c.categories.map((r, i) => [r.id, `renamed-${i}`])),
  },
  {
    call: "POST bulk",
    name: "bulk create, our flat form still",
    who: "secret",
    method: "POST",
    path: () => "/api/ecommerce/categories/bulk",
    json: () => ({ data: [{ slug: "flat-1" }] }),
    status: 201,
    expect: (body) => expect(body.data.map((r: any) => r.slug)).toEqual(["flat-1"]),
  },

  // Error bodies the client can show
  {
    call: "error body",
    name: "a validation error carries its whole message in error",
    who: "secret",
    method: "POST",
    path: () => "/api/ecommerce/categories",
    data: () => ({ slug: 5 }),
    status: 400,
    expect: (body) => {
      expect(body).toEqual({
        status: 400,
        error: "Validation error: /slug must be string",
        code: "VALIDATION_ERROR",
        message: "Validation error: /slug must be string",
        cause: [{ path: "/slug", message: "must be string" }],
        requestId: expect.any(String),
      });
    },
  },
  {
    call: "POST email-and-password/authentication",
    name: "a wrong password names the problem, and does not read as an expired session",
    who: "anonymous",
    method: "POST",
    path: () => `${AUTH}/email-and-password/authentication`,
    data: () => ({ login: "ann@example.com", password: "not the password" }),
    status: 401,
    expect: (body) => {
      expect(body).toMatchObject({
        status: 401,
        code: "AUTHENTICATION_ERROR",
        error: "Authentication error: wrong login or password",
      });
      expect(body.error).not.toMatch(SESSION_STATE);
    },
  },

  // Revalidation
  {
    call: "GET revalidation/revalidate",
    name: "/api/revalidate?path=&type= by an admin",
    who: "admin",
    method: "GET",
    path: () => "/api/revalidate",
    params: () => ({ path: "/blog", type: "page" }),
    status: 200,
    expect: (body) =>
      expect(body).toMatchObject({ revalidated: true, now: expect.any(Number), data: { path: "/blog", type: "page" } }),
  },
  {
    call: "GET revalidation/revalidate",
    name: "/api/revalidate?tag= with the secret key",
    who: "secret",
    method: "GET",
    path: () => "/api/revalidate",
    params: () => ({ tag: "/api/blog/articles" }),
    status: 200,
    expect: (body) => expect(body).toMatchObject({ revalidated: true, now: expect.any(Number) }),
  },
  {
    call: "GET revalidation/revalidate",
    name: "/api/revalidate is closed to anonymous callers",
    who: "anonymous",
    method: "GET",
    path: () => "/api/revalidate",
    params: () => ({ path: "/", type: "layout" }),
    status: 401,
    expect: (body) => expect(body.message).toMatch(/^Authentication error/),
  },
  {
    call: "GET revalidation/revalidate",
    name: "/api/revalidation/revalidate is closed to anonymous callers",
    who: "anonymous",
    method: "GET",
    path: () => "/api/revalidation/revalidate",
    params: () => ({ path: "/", type: "layout" }),
    status: 401,
    expect: (body) => expect(body.message).toMatch(/^Authentication error/),
  },
  {
    call: "GET revalidation/revalidate",
    name: "/api/revalidation/revalidate, our form, with the secret key",
    who: "secret",
    method: "GET",
    path: () => "/api/revalidation/revalidate",
    params: () => ({ path: "/", type: "layout" }),
    status: 200,
    expect: (body) => expect(body.data).toMatchObject({ path: "/", type: "layout", revalidated: expect.any(Number) }),
  },

  // The generic entity calls
  {
    call: "GET list with filters",
    name: "eq and inArray, as the shop's lists send them",
    who: "anonymous",
    method: "GET",
    path: () => "/api/ecommerce/products",
    params: (c) =>
      filters(
        { column: "id", method: "inArray", value: [c.product.id, c.pencil.id] },
        { column: "slug", method: "eq", value: c.product.slug },
      ),
    status: 200,
    expect: (body, c) => expect(body.data.map((p: any) => [p.id, p.slug])).toEqual([[c.product.id, c.product.slug]]),
  },
  {
    call: "GET {id}",
    name: "one record by id",
    who: "anonymous",
    method: "GET",
    path: (c) => `/api/ecommerce/products/${c.product.id}`,
    status: 200,
    expect: (body, c) => expect(body.data).toMatchObject({ id: c.product.id, slug: c.product.slug }),
  },
  {
    call: "POST create",
    name: "the data part holds the record",
    who: "secret",
    method: "POST",
    path: () => "/api/blog/articles",
    data: () => ({ slug: "from-the-client", title: { en: "From the client" } }),
    status: 201,
    expect: (body, c) => {
      expect(body.data).toMatchObject({
        id: expect.any(String),
        slug: "from-the-client",
        title: { en: "From the client" },
      });
      c.saved.article = body.data.id;
    },
  },
  {
    call: "PATCH {id}",
    name: "the data part holds the changes",
    who: "secret",
    method: "PATCH",
    path: (c) => `/api/blog/articles/${c.saved.article}`,
    data: () => ({ title: { en: "Renamed by the client" } }),
    status: 200,
    expect: (body, c) =>
      expect(body.data).toMatchObject({
        id: c.saved.article,
        slug: "from-the-client",
        title: { en: "Renamed by the client" },
      }),
  },
  {
    call: "POST find-or-create",
    name: "an existing record is found, not made again",
    who: "secret",
    method: "POST",
    path: () => "/api/blog/articles/find-or-create",
    data: () => ({ slug: "from-the-client" }),
    status: 200,
    expect: (body, c) => expect(body.data.id).toBe(c.saved.article),
  },
  {
    call: "DELETE {id}",
    name: "answers the deleted record",
    who: "secret",
    method: "DELETE",
    path: (c) => `/api/blog/articles/${c.saved.article}`,
    status: 200,
    expect: (body, c) => expect(body.data.id).toBe(c.saved.article),
  },

  ...cartShapes,
  ...accountShapes,
];

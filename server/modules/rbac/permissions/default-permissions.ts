// The permission set seeded into an empty database (rbac/permissions, rbac/roles,
// rbac/roles-to-permissions). After that the records are the truth: edit them in the admin.
// A permission added here reaches only roles created from now on; a hand-written route that anyone
// (or any signed-in subject) may call declares it instead (`access` in server/modules/route.ts),
// which start-up grants on every database. For other defaults and databases seeded before,
// add a data migration giving it to the role once (as migrations/0012_… does, with the slug and
// titles seedPermissions would write), and tests/rbac/default-permission-upgrades.test.ts's kind of test.

/** Roles every caller has (anonymous) and every signed-in subject has (authenticated), without a subjects-to-roles row. */
export const IMPLICIT_ROLES = { everyone: "anonymous", signedIn: "authenticated" } as const;
export const ADMIN_ROLE = "admin";

export interface DefaultRole {
  uid: string;
  title: string;
  availableOnRegistration: boolean;
  permissions: [method: string, path: string][];
}

const read = (...paths: string[]) => paths.map((p): [string, string] => ["GET", p]);

/** Public content a visitor's browser may read: what the site renders. */
const publicContent = [
  "/api/host/**",
  "/api/website-builder/**",
  "/api/*/widgets/**",
  ...[
    "articles",
    "categories",
    "widgets-to-articles",
    "widgets-to-categories",
    "categories-to-articles",
    "articles-to-file-storage-module-files",
    "articles-to-ecommerce-module-products",
  ].map((e) => `/api/blog/${e}/**`),
  ...[
    "products",
    "stores",
    "attributes",
    "attribute-keys",
    "categories",
    "categories-to-products",
    "stores-to-products",
    "products-to-attributes",
    "stores-to-attributes",
    "stores-to-products-to-attributes",
    "attribute-keys-to-attributes",
    "attributes-to-billing-module-currencies",
    "widgets-to-stores",
    "widgets-to-products",
    "widgets-to-categories",
    "products-to-file-storage-module-files",
  ].map((e) => `/api/ecommerce/${e}/**`),
  "/api/billing/currencies/**",
  ...["forms", "inputs", "forms-to-inputs", "widgets-to-forms"].map((e) => `/api/crm/${e}/**`),
  ...["profiles", "profiles-to-website-builder-module-widgets"].map((e) => `/api/social/${e}/**`),
  ...["files", "widgets-to-files"].map((e) => `/api/file-storage/${e}/**`),
];

export const defaultRoles: DefaultRole[] = [
  {
    uid: IMPLICIT_ROLES.everyone,
    title: "Anonymous",
    availableOnRegistration: false,
    permissions: [
      // Hand-written routes open to everyone say so themselves (`access: "public"` in defineRoute,
      // granted at start-up by route-access.ts): the health check, the providers' notifications,
      // the dummy payment page, the provider list. These are the rest.
      ...read("/api/openapi.json", "/api/docs/**"),
      ...read(...publicContent),
      ["POST", "/api/crm/forms/*/requests"],
      ["*", "/api/rbac/subjects/authentication/**"],
      // A mailed order link (by its signed token, checked by the handlers): read the order, pay it again.
      ["*", "/api/ecommerce/order-links/**"],
    ],
  },
  {
    uid: IMPLICIT_ROLES.signedIn,
    title: "Signed-in subject",
    availableOnRegistration: false,
    permissions: [
      ["GET", "/api/rbac/subjects/{self}"],
      ["*", "/api/rbac/subjects/{self}/identities/**"],
      ["PATCH", "/api/rbac/subjects/{self}/change-password"],
      // Its own passkeys (migrations/0038_… gives it to databases seeded before).
      ["*", "/api/rbac/subjects/{self}/passkeys/**"],
      // The handlers check that the identity is the caller's own.
      ["PATCH", "/api/rbac/identity/*/change-password"],
      ["POST", "/api/rbac/identity/email-and-password"],
      // The same two under the plural paths the original backend also serves.
      ["PATCH", "/api/rbac/identities/*/change-password"],
      ["POST", "/api/rbac/identities/email-and-password"],
      // The cart and checkout; the handlers keep each subject to its own orders.
      ["*", "/api/rbac/subjects/{self}/ecommerce-module/**"],
      ...read(
        "/api/ecommerce/orders/*/total",
        "/api/ecommerce/orders/*/quantity",
        "/api/ecommerce/orders/*/checkout-attributes/*",
        "/api/ecommerce/orders-to-products/*/total",
      ),
      ["PATCH", "/api/ecommerce/orders/*/orders-to-products/*"],
      // Form requests in the subject's own name (the Subject API's crm-module routes).
      ["POST", "/api/rbac/subjects/{self}/crm-module/**"],
    ],
  },
  { uid: "user", title: "User", availableOnRegistration: true, permissions: [] },
  { uid: ADMIN_ROLE, title: "Administrator", availableOnRegistration: false, permissions: [["*", "/**"]] },
];

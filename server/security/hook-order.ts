/**
 * Route-level onRequest hooks that must run before the authorization hook (rbac's), which puts
 * itself first on each /api route as the route is registered: a check that refuses a request
 * whoever sends it (a forged cross-site one) answers before any session is read.
 */
const BEFORE_AUTHORIZATION = Symbol("runs before authorization");

export function runsBeforeAuthorization<F extends object>(hook: F): F {
  return Object.assign(hook, { [BEFORE_AUTHORIZATION]: true });
}

/** The hooks in the order to run them with `authorize` placed after those marked to precede it. */
export function withAuthorization<H>(hooks: H[], authorize: H): H[] {
  const first = hooks.filter((hook) => (hook as { [BEFORE_AUTHORIZATION]?: boolean })[BEFORE_AUTHORIZATION] === true);
  return [...first, authorize, ...hooks.filter((hook) => !first.includes(hook))];
}

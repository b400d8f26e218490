/**
 * Module write routes whose successful call leaves no audit entry (docs/audit.md), each with why:
 * module-body-forms.test.ts checks that every other module write route's call adds one.
 */
export const UNAUDITED_MODULE_ROUTES: ReadonlyMap<string, string> = new Map([]);

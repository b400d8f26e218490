// fast-check arbitraries for the generic routes of any model, built from its schema: bodies a
// create or update must accept, bodies it must refuse, list queries, ids, and the request to send.
export * from "./arbitraries/requests.js";
export * from "./arbitraries/values.js";
export * from "./arbitraries/body-cases.js";
export * from "./arbitraries/queries.js";

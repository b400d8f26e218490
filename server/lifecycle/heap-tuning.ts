import { setFlagsFromString } from "node:v8";

/**
 * The server's V8 heap settings, applied before the app is built (imported first by the server's
 * entry, and by bench:crud's generated server, which starts as `npm start` does).
 *
 * Allocation-site pretenuring off. V8 watches where objects are made and, when nearly all of one
 * place's objects outlive a young-generation collection, makes that place's objects in the old
 * generation from then on, for the life of the process. A server's start fills caches (models,
 * permissions, statements) and meets its first requests while still slow; code shared with every
 * later request (the database driver's rows, Fastify's request objects) was judged long-lived
 * there and stayed so. Each create then left about 1 KB in the old generation, references from
 * old objects to young ones for every collection to trace, and a full collection every ten
 * seconds under load (bench:crud's create, BENCH_HEAP_PROF: 1.7 KB per request past a young
 * collection with it, 0.66 KB without; `--trace-pretenuring-statistics` lists the decisions).
 * A request's objects die with the request: the young generation is where they belong.
 */
setFlagsFromString("--no-allocation-site-pretenuring");

import type { FastifyInstance } from "fastify";

// Until the public site is built (a later issue), `/` says what is running and where to look.
export function registerHomePage(app: FastifyInstance) {
  app.get("/", (_, reply) => {
    const modules = [...new Set(app.registry.exposed.map((m) => m.module))];
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Platform</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:4rem auto;padding:0 1rem;color:#1f2933}
a{color:#2456c8}code{background:#f1f3f5;padding:.1rem .3rem;border-radius:4px}</style></head>
<body><h1>The platform is running</h1>
<p>${app.registry.exposed.length} models in ${modules.length} modules are served on the <code>${app.database.dialect}</code> database.</p>
<ul><li><a href="/api/docs">API reference</a> (every generic route, try it in the browser)</li>
<li><a href="/api/openapi.json">OpenAPI document</a></li><li><a href="/api/health">Health</a></li></ul>
<p>The public site and the admin arrive in the next releases.</p></body></html>`;
    return reply.type("text/html; charset=utf-8").send(html);
  });
}

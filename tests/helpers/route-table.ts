import type { FastifyInstance } from "fastify";

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route the app has for `method`, as registered ("/api/rbac/subjects/:id/notify"), read
 * from Fastify's own route tree (printRoutes with no common prefixes: one node per line, a child
 * four columns right of its parent, its path the parent's plus its own text).
 */
export function routesOf(app: FastifyInstance, method: string): RouteEntry[] {
  const urls: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false, method: method as never }).split("\n")) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? "") + match[2]!;
    stack[depth] = path;
    if (match[3]?.split(", ").includes(method)) urls.push(path);
  }
  return urls.map((url) => ({ method, url }));
}

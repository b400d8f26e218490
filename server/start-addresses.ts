/** The host to put in an address a person opens: a listen-on-every-interface host is not one. */
export function browsableHost(host: string): string {
  if (host === "" || host === "0.0.0.0" || host === "::" || host === "[::]") return "localhost";
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

/** The last lines of the start log: where to go next (README.md "Two commands"). */
export function startAddresses(host: string, port: number): { site: string; admin: string; docs: string } {
  const base = `http://${browsableHost(host)}:${port}`;
  return { site: `${base}/`, admin: `${base}/admin`, docs: `${base}/api/docs` };
}

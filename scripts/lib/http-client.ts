/** One JSON request to a running server: the status and the parsed body (or the text when it is not JSON). */
export async function send(
  baseUrl: string,
  method: string,
  path: string,
  options: { data?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: { ...(options.data !== undefined ? { "content-type": "application/json" } : {}), ...options.headers },
    body: options.data !== undefined ? JSON.stringify({ data: options.data }) : undefined,
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, body };
}

/** Like send, but anything other than the expected status throws, naming the call and the answer. */
export async function expectStatus(status: number, ...args: Parameters<typeof send>) {
  const answer = await send(...args);
  if (answer.status !== status)
    throw new Error(`${args[1]} ${args[2]}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer.body;
}

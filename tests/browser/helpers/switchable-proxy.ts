import { createServer, connect, type Server, type Socket } from "node:net";

/**
 * A TCP relay on 127.0.0.1 in front of the app, which a test can take down and bring back on the
 * same port: to the browser it is the server stopping and starting again (connections refused,
 * open ones cut), while the app and its database live on.
 */
export interface SwitchableProxy {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function switchableProxy(target: string): Promise<SwitchableProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const made = createServer((client) => {
        const upstream = connect(Number(targetPort), hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      made.once("error", reject);
      made.listen(port, "127.0.0.1", () => {
        port = (made.address() as { port: number }).port;
        server = made;
        resolve();
      });
    });
  const stop = async () => {
    const running = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };

  await listen();
  return { url: `http://127.0.0.1:${port}`, stop, start: listen, close: stop };
}

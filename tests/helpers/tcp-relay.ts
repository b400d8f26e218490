import net from "node:net";

export interface TcpRelay {
  /** The relay's own port on 127.0.0.1: connect here to reach the target through it. */
  port: number;
  /** The clients' connections open through it now. */
  connections(): number;
  /** The target goes away: every connection is dropped and the port refuses new ones. */
  cut(): Promise<void>;
  /** The target hangs: connections are taken and kept, but nothing reaches either side. */
  stall(): void;
  /** The target is back: the port relays again (the same port, so clients reconnect to it). */
  mend(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay to a real server (`target`), for tests of what a client of that server does when
 * the server goes away or stops answering, without stopping the server, which other tests use.
 */
export async function tcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  const clients = new Set<net.Socket>();
  let stalled = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    clients.add(client);
    client.on("close", () => clients.delete(client));
    const pair: [net.Socket, net.Socket][] = [
      [client, upstream],
      [upstream, client],
    ];
    for (const [from, to] of pair) {
      sockets.add(from);
      // What arrives while stalled is dropped, as a hung server would never read or answer it.
      from.on("data", (chunk) => stalled || to.write(chunk));
      from.on("close", () => {
        sockets.delete(from);
        to.destroy();
      });
      from.on("error", () => from.destroy());
    }
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const cut = async () => {
    if (!server.listening) return;
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    connections: () => clients.size,
    cut,
    stall: () => void (stalled = true),
    async mend() {
      stalled = false;
      if (!server.listening) await listen(port);
    },
    close: cut,
  };
}

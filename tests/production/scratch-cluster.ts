import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * The PostgreSQL server binaries (initdb, pg_ctl) of the newest version installed the Debian way
 * (/usr/lib/postgresql/<version>/bin), or PG_BIN; undefined when there are none.
 */
export function postgresBinaries(): string | undefined {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => join("/usr/lib/postgresql", version, "bin"))
      : [];
  return candidates.find((bin) => existsSync(join(bin, "initdb")) && existsSync(join(bin, "pg_ctl")));
}

export interface ScratchCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: what a restart or a failover does to the app's connections. */
  stop(): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  drop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder, on a free port of 127.0.0.1, that a test
 * may stop and start at will (the shared test server must never be). initdb and the server refuse
 * to run as root: as root they run as the `postgres` OS user, which owns the folder.
 */
export async function createScratchCluster(bin: string): Promise<ScratchCluster> {
  const root = mkdtempSync(join(tmpdir(), "scratch-cluster-"));
  const data = join(root, "data");
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    chownSync(root, Number(stdout.trim()), Number(group.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", join(bin, tool), ...args]) : run(join(bin, tool), args);
  const port = await freePort();
  // --no-sync and fsync=off: a throwaway cluster need not survive a power cut, and the shared disk is busy.
  await pg("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  let running = false;
  const cluster: ScratchCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pg("pg_ctl", ["-D", data, "-l", join(root, "server.log"), "-o", options, "-w", "-t", "120", "start"]);
      running = true;
    },
    async stop() {
      await pg("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "120", "stop"]);
      running = false;
    },
    async drop() {
      if (running) await pg("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
  return cluster;
}

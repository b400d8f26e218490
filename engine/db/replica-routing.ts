import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";
import type { ReadReplicas, Replica } from "./read-replicas.js";
import { mayReadFromReplica, readOnlyStatement } from "./replica-reads.js";

type Rows = Record<string, unknown>[];
export type Run = (text: string, parameters: readonly unknown[]) => Promise<Rows>;

/**
 * The repositories' one-statement path with replicas: a visitor's read goes to a replica that may
 * answer it (read-replicas.ts), everything else, and a read the replica could not answer, to the
 * primary.
 */
export function routedRun(onPrimary: Run, onReplica: (replica: Replica) => Run, replicas: ReadReplicas): Run {
  return async (text, parameters) => {
    const replica = mayReadFromReplica() && readOnlyStatement(text) ? replicas.pick() : undefined;
    if (replica) {
      try {
        const rows = await onReplica(replica)(text, parameters);
        replica.reads++;
        return rows;
      } catch (error) {
        if (!replicas.fallBack(replica, error)) throw error;
      }
    }
    return onPrimary(text, parameters);
  };
}

interface Bound {
  client: pg.PoolClient;
  replica?: Replica;
}

/**
 * A connection as Kysely sees one (`query` and `release`), bound on its first statement: to a
 * replica when that is a visitor's read, else to the primary. A transaction begins with BEGIN, so
 * it is always the primary's; a write after reads on a replica (one connection used for both)
 * moves to the primary.
 */
class RoutedClient {
  private bound?: Bound;

  constructor(
    private readonly primary: pg.Pool,
    private readonly replicas: ReadReplicas,
  ) {}

  async query(text: string, parameters?: readonly unknown[]): Promise<pg.QueryResult> {
    const values = parameters && [...parameters];
    if (this.bound?.replica && !readOnlyStatement(text)) this.unbind();
    this.bound ??= await this.bind(text);
    const { client, replica } = this.bound;
    if (!replica) return client.query(text, values);
    try {
      const result = await client.query(text, values);
      replica.reads++;
      return result;
    } catch (error) {
      if (!this.replicas.fallBack(replica, error)) throw error;
      // A replica that went away loses this connection; one that refused a write keeps it.
      this.unbind(replica.up ? undefined : (error as Error));
      this.bound = { client: await this.primary.connect() };
      return this.bound.client.query(text, values);
    }
  }

  release() {
    this.unbind();
  }

  private async bind(text: string): Promise<Bound> {
    const replica = mayReadFromReplica() && readOnlyStatement(text) ? this.replicas.pick() : undefined;
    if (replica) {
      try {
        return { client: await replica.pool.connect(), replica };
      } catch (error) {
        if (!this.replicas.fallBack(replica, error)) throw error;
      }
    }
    return { client: await this.primary.connect() };
  }

  /** Gives the connection back; one that failed is discarded rather than reused. */
  private unbind(error?: Error) {
    this.bound?.client.release(error);
    this.bound = undefined;
  }
}

/** The pool Kysely's PostgresDialect is given when there are replicas: connections that route themselves. */
export function routingPool(primary: pg.Pool, replicas: ReadReplicas): PostgresPool {
  return {
    // Kysely streams through a cursor only when its dialect is given one; this app gives none.
    connect: async () => new RoutedClient(primary, replicas) as unknown as PostgresPoolClient,
    end: async () => {
      await replicas.close();
      await primary.end();
    },
  };
}

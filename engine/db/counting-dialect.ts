import type {
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  QueryCompiler,
  TransactionSettings,
} from "kysely";

/**
 * A dialect that counts the statements its connections run (Database.queryCount), transactions'
 * BEGIN and COMMIT included, as Kysely's query log would. The log wraps each statement in an
 * async function and two awaited log calls, seven promises a statement; this adds no promise,
 * which matters most where the audit log's request context (AsyncLocalStorage) is on and every
 * promise pays for it.
 */
export class CountingDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly counted: () => void,
  ) {}

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createDriver(): Driver {
    return new CountingDriver(this.inner.createDriver(), this.counted);
  }

  createIntrospector(db: Parameters<Dialect["createIntrospector"]>[0]): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }
}

/** The inner driver, its connections counting each statement (each connection patched once, when first handed out). */
class CountingDriver implements Driver {
  private readonly patched = new WeakSet<DatabaseConnection>();

  readonly savepoint?: Driver["savepoint"];
  readonly rollbackToSavepoint?: Driver["rollbackToSavepoint"];
  readonly releaseSavepoint?: Driver["releaseSavepoint"];

  constructor(
    private readonly inner: Driver,
    private readonly counted: () => void,
  ) {
    // Savepoints only where the inner driver has them (Kysely refuses them otherwise).
    this.savepoint = inner.savepoint?.bind(inner);
    this.rollbackToSavepoint = inner.rollbackToSavepoint?.bind(inner);
    this.releaseSavepoint = inner.releaseSavepoint?.bind(inner);
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    if (!this.patched.has(connection)) this.count(connection);
    return connection;
  }

  /** Patched in place, not wrapped: the inner driver releases the very connection it made. */
  private count(connection: DatabaseConnection) {
    const execute = connection.executeQuery.bind(connection);
    const stream = connection.streamQuery.bind(connection);
    const counted = this.counted;
    connection.executeQuery = (query) => {
      counted();
      return execute(query);
    };
    connection.streamQuery = (query, chunkSize) => {
      counted();
      return stream(query, chunkSize);
    };
    this.patched.add(connection);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }

  destroy() {
    return this.inner.destroy();
  }
}

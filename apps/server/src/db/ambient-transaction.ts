import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './client';

interface TransactionScope {
  /** The innermost open transaction (or savepoint) of this asynchronous flow. */
  tx: Database;
  /** Work to run once the outermost transaction has committed; shared by its savepoints. */
  afterCommit: (() => Promise<void>)[];
}

const scopes = new AsyncLocalStorage<TransactionScope>();

/**
 * The database as repositories see it: while a transaction is open in the current asynchronous
 * flow (a request's, or any `db.transaction(...)`), every query made through this handle runs in
 * that transaction, and `transaction(...)` opens a savepoint inside it. Code that receives `db`
 * therefore joins the caller's transaction without passing `tx` down, and never queries beside
 * it: on PGlite, whose single connection the transaction holds, that would wait forever.
 */
export function joinAmbientTransactions(db: Database): Database {
  async function transaction<T>(
    work: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<T>,
    config?: Parameters<Database['transaction']>[1],
  ): Promise<T> {
    const outer = scopes.getStore();
    if (outer) {
      return outer.tx.transaction(
        (tx) => scopes.run({ tx, afterCommit: outer.afterCommit }, () => work(tx)),
        config,
      );
    }
    const afterCommit: (() => Promise<void>)[] = [];
    const result = await db.transaction(
      (tx) => scopes.run({ tx, afterCommit }, () => work(tx)),
      config,
    );
    for (const task of afterCommit) await task();
    return result;
  }
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      const active = scopes.getStore()?.tx ?? target;
      const value: unknown = Reflect.get(active, property, active);
      return typeof value === 'function' ? value.bind(active) : value;
    },
  });
}

/**
 * Runs `task` once the transaction open in this flow has committed (not at all if it rolls
 * back), outside it and before the transaction's caller resumes; with no transaction open, runs
 * it now. For effects that must not happen for a change that could still roll back (a log line
 * saying mail was queued) or that must not hold the transaction (a rescan reading other rows).
 * The task handles its own failures: the change it follows has committed already.
 */
export async function afterCommit(task: () => Promise<void>): Promise<void> {
  const scope = scopes.getStore();
  if (scope) scope.afterCommit.push(() => scopes.exit(task));
  else await task();
}

/**
 * `prepare(db)` once per database and kept, so that Drizzle builds a fixed statement's SQL once
 * instead of on every call; inside a transaction it is prepared anew each time, because a kept
 * statement would run on the database's own connection beside the transaction (on PGlite,
 * waiting for it forever).
 */
export function preparedOutsideTransactions<T>(prepare: (db: Database) => T): (db: Database) => T {
  const kept = new WeakMap<Database, T>();
  return (db) => {
    if (scopes.getStore()) return prepare(db);
    let statement = kept.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      kept.set(db, statement);
    }
    return statement;
  };
}

/** PostgreSQL keeps the first 63 bytes of a name: two longer names alike in those would clash. */
const MAX_STATEMENT_NAME_BYTES = 63;

/**
 * preparedOutsideTransactions for a statement whose text a few choices shape (which filters a
 * list call uses, its sort): one statement per name (`nameOf(query)`, the shape's name), built
 * once per database and kept, its values bound when it runs. `prepare` must build the same
 * statement for every query of one name, and receives the name to prepare it by (the shapes are
 * few and fixed, so PostgreSQL keeps a bounded number of statements per connection). A name
 * PostgreSQL would cut short throws.
 */
export function preparedPerShapeOutsideTransactions<Q, T>(
  nameOf: (query: Q) => string,
  prepare: (db: Database, query: Q, name: string) => T,
): (db: Database, query: Q) => T {
  const shapes = new Map<string, (db: Database) => T>();
  return (db, query) => {
    const name = nameOf(query);
    let statementOf = shapes.get(name);
    if (statementOf === undefined) {
      if (Buffer.byteLength(name) > MAX_STATEMENT_NAME_BYTES) {
        throw new Error(`the statement name ${name} is longer than PostgreSQL keeps`);
      }
      // Any query of the shape builds its statement, so the first one seen stands for all.
      statementOf = preparedOutsideTransactions((shapeDb) => prepare(shapeDb, query, name));
      shapes.set(name, statementOf);
    }
    return statementOf(db);
  };
}

import {
  AliasNode,
  TableNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

type Listener = () => void;

/**
 * A Kysely plugin that tells listeners when a statement writes (inserts into, updates or deletes
 * from) a table they watch, for what a process keeps from those tables: every writer of the
 * process goes through its Kysely, so none can forget to say so. Listeners are told as the
 * statement is sent and again once it answered (a read that ran in between may have seen the
 * old row); raw SQL is not seen, so writes to watched tables go through the query builder.
 */
export class TableWrites implements KyselyPlugin {
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #written = new WeakMap<QueryId, Set<Listener>>();

  /** Calls `listener` on every write to one of `tables`; returns a function that stops it. */
  watch(tables: readonly string[], listener: Listener): () => void {
    for (const table of tables) {
      let listeners = this.#listeners.get(table);
      if (!listeners) this.#listeners.set(table, (listeners = new Set()));
      listeners.add(listener);
    }
    return () => {
      for (const table of tables) this.#listeners.get(table)?.delete(listener);
    };
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const table = writtenTable(node);
    const listeners = table === undefined ? undefined : this.#listeners.get(table);
    if (listeners && listeners.size > 0) {
      this.#written.set(queryId, listeners);
      for (const listener of listeners) listener();
    }
    return node;
  }

  transformResult({
    queryId,
    result,
  }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const listeners = this.#written.get(queryId);
    if (listeners) for (const listener of listeners) listener();
    return Promise.resolve(result);
  }
}

/** The table an insert, update or delete writes (by name, without its schema). */
function writtenTable(node: RootOperationNode): string | undefined {
  switch (node.kind) {
    case 'InsertQueryNode':
      return node.into?.table.identifier.name;
    case 'UpdateQueryNode':
      return node.table ? tableNameOf(node.table) : undefined;
    case 'DeleteQueryNode':
      return node.from.froms[0] ? tableNameOf(node.from.froms[0]) : undefined;
    default:
      return undefined;
  }
}

function tableNameOf(node: OperationNode): string | undefined {
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableNameOf(node.node);
  return undefined;
}

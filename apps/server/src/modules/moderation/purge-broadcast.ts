import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from '../../platform/db/schema.ts';
import type { CacheDrop } from '../../platform/lib/cache-purge.ts';

/**
 * Cache purges across processes. Each API node keeps its own answers (CachePurge); on a
 * PostgreSQL server a takedown, restore or delete also NOTIFYs this channel in its transaction,
 * which PostgreSQL delivers to every listening node when (and only if) it commits. The notice
 * names the GIF and what to drop, by cache name and key (CachePurge.dropsFor), so every node
 * drops the same entries; a node of an earlier version reads the GIF only. A change of
 * the moderators' hidden trending terms or blocked phrases is told the same way, for each node
 * to read them again (TrendingTermRules). Nodes of other schemas on the same server hear it too
 * and ignore it.
 */
const CHANNEL = 'jiffy_gif_purge';

/** Queues the notice in `trx`: delivered to every listener at commit, dropped at rollback. */
export async function announcePurge(
  trx: Kysely<Database> | Transaction<Database>,
  schema: string,
  gifId: string,
  drops: readonly CacheDrop[],
): Promise<void> {
  const notice = JSON.stringify({ schema, gif_id: gifId, drops });
  await sql`SELECT pg_notify(${CHANNEL}, ${notice})`.execute(trx);
}

/** Queues in `trx` the notice that hidden trending terms or blocked phrases changed. */
export async function announceTermRules(
  trx: Kysely<Database> | Transaction<Database>,
  schema: string,
): Promise<void> {
  await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ schema, term_rules: true })})`.execute(
    trx,
  );
}

/**
 * Listens on its own connection and calls `onPurge` with each GIF another node announced for
 * `schema` and the drops it named (none from a node of an earlier version), or with null and
 * no drops (forget everything) after (re)connecting, since notices sent while nobody listened
 * are lost; `onTermRules` when another node changed the trending term rules, and after
 * (re)connecting too. Reconnects after `retryMs` when the connection drops. Resolves once the
 * first attempt is done; returns a function that stops listening.
 */
export async function listenForPurges(options: {
  url: string;
  schema: string;
  onPurge: (gifId: string | null, drops: CacheDrop[] | undefined) => void;
  onTermRules?: () => void;
  log: (message: string, extra?: Record<string, unknown>) => void;
  retryMs?: number;
}): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const current = new pg.Client({ connectionString: options.url });
    let lost = false;
    const retry = (error?: unknown) => {
      if (lost || stopped) return;
      lost = true;
      client = null;
      options.log('cache purge listener lost its connection', {
        error: error instanceof Error ? error.message : 'connection ended',
      });
      current.end().catch(() => {});
      timer = setTimeout(() => void connect(), options.retryMs ?? 5_000);
      timer.unref();
    };
    current.on('notification', (message) => {
      const notice = parseNotice(message.payload);
      if (notice?.schema !== options.schema) return;
      if ('gifId' in notice) options.onPurge(notice.gifId, notice.drops);
      else options.onTermRules?.();
    });
    current.on('error', retry);
    current.on('end', () => retry());
    try {
      await current.connect();
      await current.query(`LISTEN ${CHANNEL}`);
      client = current;
      options.onPurge(null, undefined);
      options.onTermRules?.();
    } catch (error) {
      retry(error);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}

function parseNotice(
  payload: string | undefined,
):
  | { schema: string; gifId: string; drops: CacheDrop[] | undefined }
  | { schema: string; termRules: true }
  | null {
  try {
    const parsed = JSON.parse(payload ?? '') as {
      schema?: unknown;
      gif_id?: unknown;
      drops?: unknown;
      term_rules?: unknown;
    };
    if (typeof parsed.schema !== 'string') return null;
    if (typeof parsed.gif_id === 'string') {
      return { schema: parsed.schema, gifId: parsed.gif_id, drops: dropsOf(parsed.drops) };
    }
    return parsed.term_rules === true ? { schema: parsed.schema, termRules: true } : null;
  } catch {
    return null;
  }
}

/** A notice's drops, or undefined when it has none that read as drops (the GIF is enough). */
function dropsOf(value: unknown): CacheDrop[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const drops: CacheDrop[] = [];
  for (const drop of value as { cache?: unknown; key?: unknown }[]) {
    if (typeof drop?.cache !== 'string') return undefined;
    if (drop.key !== undefined && typeof drop.key !== 'string') return undefined;
    drops.push({ cache: drop.cache, key: drop.key });
  }
  return drops;
}

import { sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { rowsOf } from '#app/db/result-rows';

/**
 * Tables a scale seed writes in bulk whose plain indexes no statement of the seed reads.
 * survey_responses is not one: its insert trigger (outcome_scores) reads it by participant.
 */
const BULK_TABLES = [
  'users',
  'participant_activity',
  'measurements',
  'nudges',
  'conversations',
  'digital_twins',
  'marker_memberships',
  'segments',
  'clinical_records',
  'surgeries',
  'pain_logs',
] as const;

interface PlainIndex {
  name: string;
  definition: string;
}

/**
 * Runs a bulk load with the plain (non-unique, constraint-free) indexes of BULK_TABLES dropped,
 * then builds them again from their own definitions, `lanes` at a time and longest first: one
 * sorted build per index instead of a row-by-row update per insert (the trigram GIN indexes
 * above all). Unique indexes and keys stay, so the load is checked as before. The indexes come
 * back whether the load succeeds or fails.
 */
export async function withIndexesBuiltAfter<T>(
  db: Database,
  options: { lanes: number; maintenanceWorkMem?: string },
  load: () => Promise<T>,
): Promise<T> {
  const indexes = rowsOf<PlainIndex>(
    await db.execute(sql`
      select quote_ident(c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
      where t.relnamespace = current_schema()::regnamespace
        and t.relname in (${sql.join(
          BULK_TABLES.map((table) => sql`${table}`),
          sql`, `,
        )})
        and not i.indisunique
        and not exists (select from pg_constraint k where k.conindid = i.indexrelid)
      -- Longest builds first, so that the last to start is short: trigram GIN indexes (by
      -- far the slowest to build), then by the size of their table.
      order by c.relam = (select oid from pg_am where amname = 'gin') desc,
        pg_relation_size(t.oid) desc, c.relname`),
  );
  const dropped: PlainIndex[] = [];
  try {
    for (const index of indexes) {
      // Names and definitions come from the catalogue, quoted by it; never user input.
      await db.execute(sql.raw(`drop index ${index.name}`));
      dropped.push(index);
    }
    return await load();
  } finally {
    await buildIndexes(db, dropped, options);
  }
}

/** Runs `task` for each item, at most `lanes` at once (each lane on its own connection). */
async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let at = next++; at < items.length; at = next++) {
      const item = items[at];
      if (item !== undefined) await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
}

function buildIndexes(
  db: Database,
  indexes: readonly PlainIndex[],
  options: { lanes: number; maintenanceWorkMem?: string },
): Promise<void> {
  return inLanes(indexes, options.lanes, (index) =>
    db.transaction(async (tx) => {
      if (options.maintenanceWorkMem) {
        await tx.execute(
          sql`select set_config('maintenance_work_mem', ${options.maintenanceWorkMem}, true)`,
        );
      }
      await tx.execute(sql.raw(index.definition));
    }),
  );
}

/**
 * VACUUM (ANALYZE) of every table and materialised view of the database, as one `vacuum
 * (analyze)` does, but `lanes` tables at a time, largest first: each vacuum is one backend's
 * work, so on several cores the tables overlap.
 */
export async function vacuumAnalyseInLanes(db: Database, lanes: number): Promise<void> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select oid::regclass::text as name from pg_class
      where relkind in ('r', 'm') and relpersistence <> 't'
      order by pg_total_relation_size(oid) desc`),
  );
  // Names come from the catalogue, quoted by regclass; never user input.
  await inLanes(tables, lanes, ({ name }) =>
    db.execute(sql.raw(`vacuum (analyze) ${name}`)).then(() => undefined),
  );
}

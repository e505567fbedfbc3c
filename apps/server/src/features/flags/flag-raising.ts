import type { Database } from '#app/db/client';
import { insertFlags, lockTriageRows, refreshTriage, type NewFlag } from './triage.repository';

/**
 * Raising flags: idempotent (one flag per participant and dedupe key), each call raising its
 * flags and recounting the participants' participant_triage rows in one transaction.
 */
export function createFlagRaising(db: Database, batchSize: number) {
  async function raise(flags: readonly NewFlag[]): Promise<number> {
    if (flags.length === 0) return 0;
    const userIds = flags.map((flag) => flag.userId);
    return db.transaction(async (tx) => {
      await lockTriageRows(tx, userIds);
      const raised = await insertFlags(tx, flags);
      await refreshTriage(tx, userIds);
      return raised;
    });
  }

  /**
   * Collects flags and raises them `batchSize` at a time: a first scan finds a flag in a few
   * percent of what it reads, and a transaction per read batch would cost more than the flags.
   */
  function batched() {
    const pending: NewFlag[] = [];
    let raised = 0;
    return {
      async add(flags: readonly NewFlag[]) {
        for (const flag of flags) pending.push(flag);
        if (pending.length >= batchSize) raised += await raise(pending.splice(0));
      },
      /** Raises what is left; returns how many flags were new in all. */
      async flush(): Promise<number> {
        raised += await raise(pending.splice(0));
        return raised;
      },
    };
  }

  return { raise, batched };
}

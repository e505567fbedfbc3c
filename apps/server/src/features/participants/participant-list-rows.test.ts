import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { auditValues } from '#app/core/audit/record-audit';
import type { DatabaseHandle } from '#app/db/client';
import { createParticipant } from '#app/test/factories';
import {
  createServerData,
  postgresAdminUrl,
  type ServerData,
} from '#app/test/resilience/test-database';
import { rowsInOrder } from './participant-list-rows';

// PostgreSQL only: PGlite has one session and no plan cache across calls to speak of.
describe.skipIf(!postgresAdminUrl)('participant list rows by id (PostgreSQL)', () => {
  let data: ServerData | undefined;
  let database: DatabaseHandle | undefined;

  beforeAll(async () => {
    data = await createServerData('postgres');
    database = await data.open();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await data?.remove();
  });

  it('keeps one plan however many ids a page has: PostgreSQL does not plan it again on every call', async () => {
    if (!database) throw new Error('not opened');
    const { db } = database;
    const ids: number[] = [];
    for (let i = 0; i < 15; i += 1) ids.push((await createParticipant(db)).id);
    const audit = auditValues({ action: AUDIT_ACTIONS.participantsList });
    // Pages as the list reads them: full, a few search matches, none past the total.
    const pages = [ids, ids.slice(0, 2), [], ids.slice(3, 4)];
    // Every call on one connection, so that they share its plan cache.
    await db.transaction(async (tx) => {
      for (let call = 0; call < 20; call += 1) {
        const page = pages[call % pages.length] ?? [];
        const json = await rowsInOrder(tx, page, 'Internal', audit);
        const rows = JSON.parse(json) as { id: number }[];
        expect(rows.map((row) => row.id)).toEqual(page);
      }
      const [plans] = (
        (await tx.execute(
          sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'participant_list_rows'`,
        )) as unknown as { rows: { generic: number; custom: number }[] }
      ).rows;
      // PostgreSQL plans the first five calls for their values, then keeps the generic plan.
      expect(plans).toEqual({ generic: 15, custom: 5 });
    });
  });
});

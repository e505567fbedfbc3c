import pg from 'pg';
import { afterEach } from 'vitest';
import { keepClockPinned, pinClock } from '../../../../test/pinned-clock';
import { testNow } from '../../../../test/test-now';

/**
 * A PostgreSQL server keeps its own clock (`now()`, column defaults), which a test cannot move.
 * On it the suite starts at the server's time, so that times written by SQL and by the code
 * agree; on the embedded database, whose `now()` reads the pinned Date, it starts at TEST_NOW.
 */
async function postgresNow(url: string): Promise<Date> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ now: Date }>('select now() as now');
    const now = rows[0]?.now;
    if (!now) throw new Error('PostgreSQL did not answer select now().');
    return now;
  } finally {
    await client.end();
  }
}

const postgresUrl = process.env.TEST_DATABASE_URL;
pinClock(postgresUrl ? await postgresNow(postgresUrl) : testNow());
keepClockPinned(afterEach);

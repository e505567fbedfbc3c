import {
  appliedMigrations,
  listSequences,
  listTables,
  referencedContent,
  sequenceState,
  setSequence,
  setUserTriggers,
  truncateTables,
  type AppliedMigration,
} from './backup.repository';
import {
  quoteIdent,
  type ColumnReplacements,
  type CopyTarget,
  type SqlSession,
} from './sql-session';

export interface DumpSummary {
  migrations: AppliedMigration[];
  tables: { name: string; rows: number }[];
  /** The stored files the dumped rows refer to. */
  contentHashes: string[];
}

const NEWLINE = 0x0a;

/** What a backup holds instead of a mail body. */
export const OUTBOX_BODY_LEFT_OUT =
  '(Left out of the backup: a message may carry an activation code.)';

/**
 * Mail bodies may carry activation codes that still work; a backup keeps who was sent which
 * subject when, never the body (docs/decisions/0017-backups.md).
 */
const LEFT_OUT = new Map<string, ColumnReplacements>([
  [
    'outbox',
    new Map([
      ['text', OUTBOX_BODY_LEFT_OUT],
      ['html', null],
    ]),
  ],
]);

function copyHeader(target: CopyTarget): string {
  return `COPY public.${quoteIdent(target.table)} (${target.columns.map(quoteIdent).join(', ')}) FROM stdin;\n`;
}

/**
 * Writes the data of every table of schema public as `pg_dump --data-only` does (COPY blocks in
 * PostgreSQL's text format, then the sequences), from the session's one snapshot, mail bodies
 * left out. psql can load the result into a database migrated to the same migrations.
 */
export async function writeDump(
  session: SqlSession,
  write: (text: string | Buffer) => Promise<void>,
): Promise<DumpSummary> {
  const migrations = await appliedMigrations(session);
  const tables = await listTables(session);
  await write(
    [
      '-- Recovery Portal backup: the data of every table in schema public, written like',
      '-- pg_dump --data-only. Load it with psql into a database migrated to the migrations',
      '-- that manifest.json lists (docs/decisions: backups).',
      "SET client_encoding = 'UTF8';",
      'SET standard_conforming_strings = on;',
      '',
      ...tables.map(({ table }) => `ALTER TABLE public.${quoteIdent(table)} DISABLE TRIGGER USER;`),
      '',
    ].join('\n'),
  );
  const counts: DumpSummary['tables'] = [];
  for (const target of tables) {
    await write(copyHeader(target));
    let rows = 0;
    await session.copyOut(
      target,
      async (chunk) => {
        // Text format escapes newlines inside values: one line is one row.
        for (const byte of chunk) if (byte === NEWLINE) rows += 1;
        await write(chunk);
      },
      LEFT_OUT.get(target.table),
    );
    await write('\\.\n\n');
    counts.push({ name: target.table, rows });
  }
  for (const { table } of tables) {
    await write(`ALTER TABLE public.${quoteIdent(table)} ENABLE TRIGGER USER;\n`);
  }
  for (const name of await listSequences(session)) {
    const { lastValue, isCalled } = await sequenceState(session, name);
    const literal = `'public.${quoteIdent(name)}'`;
    await write(`SELECT pg_catalog.setval(${literal}, ${lastValue}, ${String(isCalled)});\n`);
  }
  return { migrations, tables: counts, contentHashes: await referencedContent(session) };
}

const QUOTED = '"((?:[^"]|"")+)"';
const COPY_LINE = new RegExp(`^COPY public\\.${QUOTED} \\(((?:${QUOTED}(?:, )?)+)\\) FROM stdin;$`);
const SETVAL_LINE = new RegExp(
  `^SELECT pg_catalog\\.setval\\('public\\.${QUOTED}', (-?\\d{1,19}), (true|false)\\);$`,
);
const TRIGGER_LINE = new RegExp(`^ALTER TABLE public\\.${QUOTED} (DISABLE|ENABLE) TRIGGER USER;$`);
const SET_LINE = /^SET (client_encoding = 'UTF8'|standard_conforming_strings = on);$/;

const unquote = (name: string) => name.replace(/""/g, '"');

class DumpFormatError extends Error {
  constructor(lineNumber: number, problem: string) {
    super(`dump.sql line ${lineNumber}: ${problem}`);
  }
}

/**
 * Loads a dump written by writeDump into the session's (migrated, empty) tables. Only the
 * statement shapes writeDump produces are accepted, and every one is rebuilt from the names it
 * carries, checked against the target's own tables: the archive is data, never SQL to run.
 */
export async function loadDump(
  session: SqlSession,
  lines: AsyncIterable<string>,
): Promise<{ name: string; rows: number }[]> {
  // Before any await: a readline interface emits lines as they arrive and drops those that
  // come before someone iterates.
  const iterator = lines[Symbol.asyncIterator]();
  const tables = await listTables(session);
  const known = new Map(tables.map((target) => [target.table, target]));
  const sequences = new Set(await listSequences(session));
  const loaded: { name: string; rows: number }[] = [];
  await setUserTriggers(session, tables, false);
  // Migrations insert rows of their own (the default group); the dump brings them back.
  if (tables.length > 0) await truncateTables(session, tables);
  let lineNumber = 0;
  const next = async () => {
    const step = await iterator.next();
    if (!step.done) lineNumber += 1;
    return step;
  };
  for (let step = await next(); !step.done; step = await next()) {
    const line = step.value;
    if (line === '' || line.startsWith('--') || SET_LINE.test(line)) continue;
    const trigger = TRIGGER_LINE.exec(line);
    if (trigger) {
      if (!known.has(unquote(trigger[1] ?? ''))) {
        throw new DumpFormatError(lineNumber, 'names a table this database does not have');
      }
      continue;
    }
    const setval = SETVAL_LINE.exec(line);
    if (setval) {
      const name = unquote(setval[1] ?? '');
      if (!sequences.has(name)) {
        throw new DumpFormatError(lineNumber, 'names a sequence this database does not have');
      }
      await setSequence(session, name, setval[2] ?? '1', setval[3] === 'true');
      continue;
    }
    const copy = COPY_LINE.exec(line);
    if (!copy) throw new DumpFormatError(lineNumber, 'is not a statement this format writes');
    const target = known.get(unquote(copy[1] ?? ''));
    if (!target) throw new DumpFormatError(lineNumber, 'names a table this database does not have');
    const columns = [...(copy[2] ?? '').matchAll(new RegExp(QUOTED, 'g'))].map((m) =>
      unquote(m[1] ?? ''),
    );
    const unknown = columns.find((column) => !target.columns.includes(column));
    if (unknown !== undefined) {
      throw new DumpFormatError(lineNumber, `names a column table ${target.table} does not have`);
    }
    let rows = 0;
    const startLine = lineNumber;
    let ended = false;
    async function* block(): AsyncGenerator<string> {
      for (let row = await next(); !row.done; row = await next()) {
        if (row.value === '\\.') {
          ended = true;
          return;
        }
        rows += 1;
        yield `${row.value}\n`;
      }
    }
    await session.copyIn({ table: target.table, columns }, block());
    if (!ended) throw new DumpFormatError(startLine, 'its data ends before the closing \\.');
    loaded.push({ name: target.table, rows });
  }
  await setUserTriggers(session, tables, true);
  return loaded;
}

/**
 * One statement exactly as the server handed it to its driver: for node-postgres the query config
 * and values, for PGlite the text, parameters and options of `query` (or `exec`). `begin`,
 * `commit` and `rollback` mark a PGlite transaction, which its driver opens and closes itself.
 */
export interface CapturedStatement {
  kind: 'query' | 'exec' | 'begin' | 'commit' | 'rollback';
  text: string;
  config: unknown;
  values: unknown;
}

/**
 * The statements of one request in the order the server ran them: statements of one stage ran
 * at the same time (the list's count and page queries), stages one after the other.
 */
export type StatementStages = CapturedStatement[][];

export interface RecordedStatement extends CapturedStatement {
  start: number;
  end: number;
}

/** Groups recorded statements into stages: one that starts before the stage has ended joins it. */
export function toStages(recorded: readonly RecordedStatement[]): StatementStages {
  const stages: StatementStages = [];
  let stageEnd = -Infinity;
  for (const statement of [...recorded].sort((a, b) => a.start - b.start)) {
    const { kind, text, config, values } = statement;
    const current = stages.at(-1);
    if (current && statement.start < stageEnd) {
      current.push({ kind, text, config, values });
      stageEnd = Math.max(stageEnd, statement.end);
    } else {
      stages.push([{ kind, text, config, values }]);
      stageEnd = statement.end;
    }
  }
  return stages;
}

/** Statements run one after the other, inside one transaction of the driver or outside any. */
export interface StatementRun {
  transaction: boolean;
  statements: CapturedStatement[];
}

/**
 * Splits one connection's statements (PGlite has only one) at its transactions' `begin` and
 * `commit`/`rollback`, so that a replay opens a transaction where the server's driver did.
 */
export function toTransactionRuns(statements: readonly CapturedStatement[]): StatementRun[] {
  const runs: StatementRun[] = [];
  let current: StatementRun | null = null;
  for (const statement of statements) {
    if (statement.kind === 'begin') {
      current = { transaction: true, statements: [] };
      runs.push(current);
    } else if (statement.kind === 'commit' || statement.kind === 'rollback') {
      current = null;
    } else {
      if (!current) {
        current = { transaction: false, statements: [] };
        runs.push(current);
      }
      current.statements.push(statement);
    }
  }
  return runs;
}

/**
 * Where a driver's recording wrapper writes while a call is captured: `sink()` is the list to
 * record into, or null outside a capture, and `capture` records what one call runs, in stages.
 */
export function statementRecorder() {
  let recording: RecordedStatement[] | null = null;
  return {
    sink: (): RecordedStatement[] | null => recording,
    async capture(send: () => Promise<unknown>): Promise<StatementStages> {
      const recorded: RecordedStatement[] = [];
      recording = recorded;
      try {
        await send();
      } finally {
        recording = null;
      }
      return toStages(recorded);
    },
  };
}

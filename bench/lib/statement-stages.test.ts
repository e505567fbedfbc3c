import { describe, expect, it } from 'vitest';
import {
  toStages,
  toTransactionRuns,
  type CapturedStatement,
  type RecordedStatement,
} from './statement-stages';

const statement = (text: string, kind: CapturedStatement['kind'] = 'query'): CapturedStatement => ({
  kind,
  text,
  config: undefined,
  values: undefined,
});

const recorded = (text: string, start: number, end: number): RecordedStatement => ({
  ...statement(text),
  start,
  end,
});

describe('toStages', () => {
  it('keeps statements that ran one after the other in stages of their own, in start order', () => {
    const stages = toStages([
      recorded('rows', 5, 6),
      recorded('session', 0, 1),
      recorded('count', 2, 4),
    ]);
    expect(stages.map((stage) => stage.map((s) => s.text))).toEqual([
      ['session'],
      ['count'],
      ['rows'],
    ]);
  });

  it('puts a statement that started before the stage ended into that stage', () => {
    const stages = toStages([
      recorded('session', 0, 1),
      recorded('count', 2, 6),
      recorded('ids', 3, 4),
      // Starts after `ids` ended but before `count` did: still the same stage.
      recorded('total', 5, 7),
      recorded('audit', 8, 9),
    ]);
    expect(stages.map((stage) => stage.map((s) => s.text))).toEqual([
      ['session'],
      ['count', 'ids', 'total'],
      ['audit'],
    ]);
  });

  it('drops the timings: a replay gets what the driver was given, nothing more', () => {
    const [[only]] = toStages([recorded('select 1', 0, 1)]) as [[CapturedStatement]];
    expect(only).toEqual(statement('select 1'));
  });

  it('returns no stages for a call that ran no SQL', () => {
    expect(toStages([])).toEqual([]);
  });
});

describe('toTransactionRuns', () => {
  it('splits statements at the transactions the driver opened', () => {
    const runs = toTransactionRuns([
      statement('session'),
      statement('begin', 'begin'),
      statement('count'),
      statement('rows'),
      statement('commit', 'commit'),
      statement('audit', 'exec'),
    ]);
    expect(runs.map((run) => [run.transaction, run.statements.map((s) => s.text)])).toEqual([
      [false, ['session']],
      [true, ['count', 'rows']],
      [false, ['audit']],
    ]);
  });

  it('keeps an empty transaction and one closed by a rollback', () => {
    const runs = toTransactionRuns([
      statement('begin', 'begin'),
      statement('commit', 'commit'),
      statement('begin', 'begin'),
      statement('insert'),
      statement('rollback', 'rollback'),
    ]);
    expect(runs).toEqual([
      { transaction: true, statements: [] },
      { transaction: true, statements: [statement('insert')] },
    ]);
  });

  it('runs statements outside any transaction as one run', () => {
    expect(toTransactionRuns([statement('a'), statement('b')])).toEqual([
      { transaction: false, statements: [statement('a'), statement('b')] },
    ]);
  });
});

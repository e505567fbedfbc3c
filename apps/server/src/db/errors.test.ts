import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isStatementCancelled } from './errors';

function withCode(code: string, message = 'failed'): Error {
  return Object.assign(new Error(message), { code });
}

/** As Drizzle reports a failed query: its own error, the driver's as the cause. */
function wrapped(cause: unknown): Error {
  return new Error('Failed query: select 1', { cause });
}

describe('telling an unreachable database from a failed query', () => {
  it.each([
    ['refused connection', withCode('ECONNREFUSED')],
    ['reset connection', withCode('ECONNRESET')],
    ['administrator shut the server down (57P01)', wrapped(withCode('57P01'))],
    ['server is starting up (57P03)', wrapped(withCode('57P03'))],
    ['connection exception class 08', wrapped(withCode('08006'))],
    ['connection lost mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
    [
      'no connection within the connect timeout',
      new Error('Connection terminated due to connection timeout'),
    ],
    [
      'the rollback after a connection broke mid-transaction',
      wrapped(new Error('Client has encountered a connection error and is not queryable')),
    ],
    ['no free pooled connection in time', new Error('timeout exceeded when trying to connect')],
    ['a closed embedded database', new Error('PGlite is closed')],
  ])('%s answers 503', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', wrapped(withCode('23505'))],
    ['syntax error', wrapped(withCode('42601'))],
    ['a bug in our code', new TypeError('cannot read properties of undefined')],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('%s is not a database outage', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('telling a statement the database cancelled (statement timeout)', () => {
  it('57014, as the driver reports it or wrapped by Drizzle, is a cancelled statement', () => {
    expect(
      isStatementCancelled(withCode('57014', 'canceling statement due to statement timeout')),
    ).toBe(true);
    expect(isStatementCancelled(wrapped(withCode('57014')))).toBe(true);
  });

  it.each([
    ['unique violation', wrapped(withCode('23505'))],
    ['an outage', withCode('ECONNREFUSED')],
    ['a bug in our code', new TypeError('cannot read properties of undefined')],
    ['something that is not an error', '57014'],
  ])('%s is not', (_, error) => {
    expect(isStatementCancelled(error)).toBe(false);
  });
});

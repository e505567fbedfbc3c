import { describe, expect, it } from 'vitest';
import { statementLabel } from './direct-sql';

describe('statementLabel', () => {
  it('names what a plain statement does and its first table', () => {
    expect(statementLabel('select "id" from "users" where "id" = $1')).toBe('select users');
    expect(statementLabel('select count(*) from "nudges"')).toBe('count nudges');
  });

  it('names the CTEs of a combined read and the audit row it writes', () => {
    const text =
      'with "participant" as (select "id" from "users" where ("users"."id" = $1)), "rows" as (select coalesce($2, 1) as "n" from "participant"), "audit" as (insert into "audit_log" ("action") select $3 from "participant") select "rows"."n" from "participant" left join "rows" on true';
    expect(statementLabel(text)).toBe(
      'with participant, rows, audit: select users + insert audit_log',
    );
  });
});

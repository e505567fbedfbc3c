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

  it('names the CTEs of the participant list, one statement over several lines', () => {
    const text = `with "total" as (select (count(*) - 0)::int as "n" from "users" where "users"."role" = $1), "with_value" as (select array(select "users"."id" from "users" order by "users"."id" limit $2::int offset $3::int) as ids), "page" as (select p.id as "id", p.ord as "ord" from unnest(case when $3::int >= (select n from "total") then '{}'::integer[]
      else (select ids from "with_value") end) with ordinality as p(id, ord)), "audit" as (insert into "audit_log" ("action") values ($4)), "rows" as (select "users"."id" from "users" inner join "page" on page.id = "users"."id") select "n", "rows"."id" from "total" left join "page" on true left join "rows" on rows.id = page.id order by page.ord`;
    expect(statementLabel(text)).toBe(
      'with total, with_value, page, audit, rows: select users + insert audit_log',
    );
  });
});

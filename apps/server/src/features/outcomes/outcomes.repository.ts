import { asc, eq, sql } from 'drizzle-orm';
import type { SurgeryProcedure } from '@recovery-portal/contract/surgery';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import type { ProgrammeFacts } from '#app/core/programme';
import { surgeries } from '#app/db/schema/surgery';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { userGroups, users } from '#app/db/schema/users';
import type { AuditValues } from '#app/core/audit/record-audit';
import { latestSurgeryFirst } from '#app/core/surgeries';
import {
  participantAudit,
  participantCte,
  participantRows,
} from '#app/core/audit/participant-read';
import { INSTRUMENTS } from '#app/core/surveys/instruments/index';
import { scheduleRowCteColumns, type ScheduleRow } from '#app/core/surveys/survey-schedule';
import { procedureCohort, scoreBandsQuery, type BandRow } from './outcome-aggregates.repository';

/** The procedure of the participant's latest surgery (by date, then id) and their group. */
export async function findProgrammeFacts(db: Database, userId: number): Promise<ProgrammeFacts> {
  const [surgery] = await db
    .select({ procedure: surgeries.procedure })
    .from(surgeries)
    .where(eq(surgeries.userId, userId))
    .orderBy(...latestSurgeryFirst)
    .limit(1);
  const [group] = await db
    .select({ name: userGroups.name })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(eq(users.id, userId))
    .limit(1);
  return { procedure: surgery?.procedure ?? null, groupName: group?.name ?? null };
}

/** Each instrument's title with each of its measures: which measures a questionnaire gives. */
const INSTRUMENT_MEASURES = JSON.stringify(
  INSTRUMENTS.flatMap(({ title, measures }) => measures.map((measure) => ({ title, measure }))),
);

/**
 * A participant's outcome trends in one statement with the call's audit row
 * (core/audit/participant-read.ts): their programme facts, survey schedule and the clinic's
 * band of comparable patients (scoreBandsQuery), as findProgrammeFacts, listScheduleRows and
 * withCohortReference read them. The participant's own scores, to place among the band, are
 * the `scores` the database keeps of each questionnaire's chosen response per timepoint
 * (submitted beats unsubmitted, then the later; derived by the modules buildOutcomeSurveys
 * scores with). Always the same statement, so it is prepared once and kept.
 */
const trendsStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const rows = db
    .$with('rows')
    .as(
      db
        .select(scheduleRowCteColumns)
        .from(participant)
        .innerJoin(surveyResponses, eq(surveyResponses.userId, participant.id))
        .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId)),
    );
  // Aliased: Drizzle writes a one-table select's SQL without table names ("user_id" = "id").
  const participantId = sql`(select id from ${participant})`;
  const facts = db.$with('facts').as(
    db
      .select({
        procedure: sql<SurgeryProcedure | null>`(select s.procedure from ${surgeries} s
          where s.user_id = ${participantId} order by s.surgery_date desc, s.id desc limit 1)`.as(
          'procedure',
        ),
        groupName: sql<string | null>`(select g.name from ${users} u
          join ${userGroups} g on g.id = u.group_id where u.id = ${participantId})`.as(
          'group_name',
        ),
      })
      .from(participant),
  );
  const measures = sql`select m.measure from ${rows}
    join jsonb_to_recordset(${INSTRUMENT_MEASURES}::jsonb) as m(title text, measure text)
      on m.title = ${rows.title}`;
  const own = sql`select m.measure, chosen.timepoint, m.value::float8 as value
    from (
      select distinct on (r.survey_id, r.timepoint) r.timepoint::text as timepoint,
        r.submitted_at, r.scores
      from ${surveyResponses} r
      where r.user_id = ${participantId}
      order by r.survey_id, r.timepoint, r.submitted_at is not null desc, r.id desc
    ) chosen
    cross join lateral jsonb_each_text(chosen.scores) as m(measure, value)
    where chosen.submitted_at is not null and jsonb_typeof(chosen.scores) = 'object'`;
  const bands = scoreBandsQuery(
    procedureCohort(sql`(select procedure from ${facts})`, participantId),
    measures,
    own,
  );
  return db
    .with(participant, rows, facts, participantAudit(db, participant))
    .select({
      procedure: facts.procedure,
      groupName: facts.groupName,
      // On the first row only: the band is the same for every row of the schedule.
      bands: sql<BandRow[] | null>`case when row_number() over (
          order by ${rows.title}, ${rows.surveyId}, ${rows.id}) = 1
          then (select coalesce(json_agg(b), '[]'::json) from (${bands}) b) end`,
      row: rows._.selectedFields,
    })
    .from(participant)
    .innerJoin(facts, sql`true`)
    .leftJoin(rows, sql`true`)
    .orderBy(asc(rows.title), asc(rows.surveyId), asc(rows.id))
    .prepare('participant_outcome_trends_audited');
});

/** What the outcome trends read: the programme facts, the schedule and the clinic's band. */
export interface OutcomeReadings {
  facts: ProgrammeFacts;
  rows: ScheduleRow[];
  /** Empty without a recorded surgery (no comparable patients) or without instruments. */
  bands: BandRow[];
}

/** The participant's outcome readings, read with the call's audit row; 404 for no participant. */
export async function auditedOutcomeReadings(
  db: Database,
  userId: number,
  audit: AuditValues,
): Promise<OutcomeReadings> {
  const rows = participantRows(
    await trendsStatement(db).execute({ ...audit, participantId: userId }),
    userId,
  );
  const [first] = rows;
  return {
    facts: { procedure: first.procedure, groupName: first.groupName },
    rows: rows.flatMap(({ row }) => (row ? [row] : [])),
    bands: first.bands ?? [],
  };
}

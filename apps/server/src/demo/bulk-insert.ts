import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import type { ParticipantUserRow } from './participant-profile';
import type {
  ActivityRow,
  ClinicalRecordRow,
  ConversationRow,
  DigitalTwinRow,
  MarkerMembershipRow,
  MeasurementRow,
  NudgeRow,
  PainLogRow,
  SegmentRow,
  SurgeryRow,
  SurveyResponseRow,
  TimelineRows,
} from './timeline-types';

type JsonCell = string | number | boolean | null | object;

interface Column<Row> {
  name: string;
  /** SQL type the JSON text is cast to; 'jsonb' keeps the JSON value itself. */
  type: string;
  value: (row: Row) => JsonCell;
}

interface TableSpec<Row> {
  table: string;
  columns: readonly Column<Row>[];
  /** Rows per statement: keeps each JSON parameter to a few megabytes. */
  chunk: number;
}

const time = (d: Date | null) => (d ? d.toISOString() : null);

function column<Row>(name: string, type: string, value: (row: Row) => JsonCell): Column<Row> {
  return { name, type, value };
}

/**
 * All rows of a chunk travel as one JSON parameter and are unpacked server-side. That is several
 * times faster than drizzle's multi-row VALUES (one bind parameter per cell) on both PGlite and
 * node-postgres, and it never meets the 65,535-parameter limit.
 */
function insertStatement<Row>(spec: TableSpec<Row>, rows: readonly Row[], returning?: string): SQL {
  const payload = JSON.stringify(rows.map((row) => spec.columns.map((c) => c.value(row))));
  const names = spec.columns.map((c) => c.name).join(', ');
  const casts = spec.columns
    .map((c, i) =>
      c.type === 'jsonb' ? `nullif(r->${i}, 'null'::jsonb)` : `(r->>${i})::${c.type}`,
    )
    .join(', ');
  // Table, column and type names are the constants below, never user input.
  return sql`insert into ${sql.raw(spec.table)} (${sql.raw(names)}) select ${sql.raw(casts)} from jsonb_array_elements(${payload}::jsonb) as r${sql.raw(returning ? ` returning ${returning}` : '')}`;
}

/** Inserts rows in chunks of spec.chunk. */
export async function bulkInsert<Row>(
  db: Database,
  spec: TableSpec<Row>,
  rows: readonly Row[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += spec.chunk) {
    await db.execute(insertStatement(spec, rows.slice(i, i + spec.chunk)));
  }
}

/** Both drivers answer execute() with an object holding `rows`. */
function resultRows(result: unknown): unknown[] {
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows))
    return result.rows;
  throw new Error('unexpected result shape from execute()');
}

export const USERS: TableSpec<ParticipantUserRow> = {
  table: 'users',
  chunk: 2000,
  columns: [
    column('role', 'role', (r) => r.role),
    column('status', 'user_status', (r) => r.status),
    column('email', 'text', (r) => r.email),
    column('first_name', 'text', (r) => r.firstName),
    column('last_name', 'text', (r) => r.lastName),
    column('phone_number', 'text', (r) => r.phoneNumber),
    column('mrn', 'text', (r) => r.mrn),
    column('participant_type', 'participant_type', (r) => r.participantType),
    column('group_id', 'int', (r) => r.groupId),
    column('birth_date', 'date', (r) => r.birthDate),
    column('gender', 'text', (r) => r.gender),
    column('height_cm', 'real', (r) => r.heightCm),
    column('tracker', 'text', (r) => r.tracker),
    column('allow_demo_mode', 'boolean', (r) => r.allowDemoMode),
    column('invited_at', 'timestamptz', (r) => time(r.invitedAt)),
    column('joined_at', 'timestamptz', (r) => time(r.joinedAt)),
    column('last_reminded_at', 'timestamptz', (r) => time(r.lastRemindedAt)),
    column('next_remind_date', 'timestamptz', (r) => time(r.nextRemindDate)),
    column('created_at', 'timestamptz', (r) => time(r.createdAt)),
    column('updated_at', 'timestamptz', (r) => time(r.joinedAt ?? r.createdAt)),
  ],
};

/** Inserts participants and returns their ids by email (emails are unique). */
export async function insertParticipantUsers(
  db: Database,
  rows: readonly ParticipantUserRow[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < rows.length; i += USERS.chunk) {
    const result = await db.execute(
      insertStatement(USERS, rows.slice(i, i + USERS.chunk), 'id, email'),
    );
    for (const row of resultRows(result)) {
      const { id, email } = row as { id: number | string; email: string };
      ids.set(email, Number(id));
    }
  }
  return ids;
}

const ACTIVITY: TableSpec<ActivityRow> = {
  table: 'participant_activity',
  chunk: 10_000,
  columns: [
    column('user_id', 'int', (r) => r.userId),
    column('kind', 'activity_kind', (r) => r.kind),
    column('occurred_at', 'timestamptz', (r) => time(r.occurredAt)),
  ],
};

const MEASUREMENTS: TableSpec<MeasurementRow> = {
  table: 'measurements',
  chunk: 10_000,
  columns: [
    column('user_id', 'int', (r) => r.userId),
    column('code', 'text', (r) => r.code),
    column('value', 'real', (r) => r.value),
    column('unit', 'text', (r) => r.unit),
    column('measured_at', 'timestamptz', (r) => time(r.measuredAt)),
    column('source', 'measurement_source', (r) => r.source),
  ],
};

const NUDGES: TableSpec<NudgeRow> = {
  table: 'nudges',
  chunk: 5000,
  columns: [
    column('user_id', 'int', (r) => r.userId),
    column('title', 'text', (r) => r.title),
    column('content', 'text', (r) => r.content),
    column('target_date', 'date', (r) => r.targetDate),
    column('send_time', 'time', (r) => r.sendTime),
    column('tracking_type', 'nudge_status', (r) => r.trackingType),
    column('feedback_type', 'nudge_feedback', (r) => r.feedbackType),
    column('opened_at', 'timestamptz', (r) => time(r.openedAt)),
    column('created_at', 'timestamptz', (r) => time(r.createdAt)),
  ],
};

const CONVERSATIONS: TableSpec<ConversationRow> = {
  table: 'conversations',
  chunk: 1000,
  columns: [
    column('user_id', 'int', (r) => r.userId),
    column('started_at', 'timestamptz', (r) => time(r.startedAt)),
    column('ended_at', 'timestamptz', (r) => time(r.endedAt)),
    column('summary', 'text', (r) => r.summary),
    column('patient_summary', 'text', (r) => r.patientSummary),
    column('markers', 'jsonb', (r) => r.markers),
    column('transcript', 'jsonb', (r) => r.transcript),
    column('next_best_action', 'text', (r) => r.nextBestAction),
    column('next_visit_date', 'date', (r) => r.nextVisitDate),
    column('created_at', 'timestamptz', (r) => time(r.createdAt)),
  ],
};

const SURVEY_RESPONSES: TableSpec<SurveyResponseRow> = {
  table: 'survey_responses',
  chunk: 5000,
  columns: [
    column('user_id', 'int', (r) => r.userId),
    column('survey_id', 'int', (r) => r.surveyId),
    column('timepoint', 'survey_timepoint', (r) => r.timepoint),
    column('target_date', 'date', (r) => r.targetDate),
    column('submitted_at', 'timestamptz', (r) => time(r.submittedAt)),
    column('answers', 'jsonb', (r) => r.answers),
    column('score', 'real', (r) => r.score),
    column('scores', 'jsonb', (r) => r.scores),
    column('not_applicable', 'boolean', (r) => r.notApplicable),
    // Every answer this writer stores comes from the demo generator (seed or simulation).
    column('generated', 'boolean', () => true),
  ],
};

const DIGITAL_TWINS: TableSpec<DigitalTwinRow> = {
  table: 'digital_twins',
  chunk: 2000,
  columns: [
    column('user_id', 'int', (r) => r.userId),
    column('data', 'jsonb', (r) => r.data),
    column('updated_at', 'timestamptz', (r) => time(r.updatedAt)),
  ],
};

const MARKER_MEMBERSHIPS: TableSpec<MarkerMembershipRow> = {
  table: 'marker_memberships',
  chunk: 5000,
  columns: [
    column('user_id', 'int', (r) => r.userId),
    column('type', 'text', (r) => r.type),
    column('topic', 'text', (r) => r.topic),
    column('marker_name', 'text', (r) => r.markerName),
    column('valid_from', 'date', (r) => r.validFrom),
    column('valid_to', 'date', (r) => r.validTo),
  ],
};

const SEGMENTS: TableSpec<SegmentRow> = {
  table: 'segments',
  chunk: 5000,
  columns: [
    column('user_id', 'int', (r) => r.userId),
    column('name', 'text', (r) => r.name),
    column('valid_from', 'date', (r) => r.validFrom),
    column('valid_to', 'date', (r) => r.validTo),
  ],
};

const CLINICAL_RECORDS: TableSpec<ClinicalRecordRow> = {
  table: 'clinical_records',
  chunk: 5000,
  columns: [
    column('user_id', 'int', (r) => r.userId),
    column('category', 'clinical_record_category', (r) => r.category),
    column('title', 'text', (r) => r.title),
    column('detail', 'text', (r) => r.detail),
    column('recorded_on', 'date', (r) => r.recordedOn),
  ],
};

const SURGERIES: TableSpec<SurgeryRow> = {
  table: 'surgeries',
  chunk: 5000,
  columns: [
    column('user_id', 'int', (r) => r.userId),
    column('procedure', 'surgery_procedure', (r) => r.procedure),
    column('side', 'surgery_side', (r) => r.side),
    column('surgery_date', 'date', (r) => r.surgeryDate),
    column('surgeon', 'text', (r) => r.surgeon),
    column('hospital', 'text', (r) => r.hospital),
    column('notes', 'text', (r) => r.notes),
    column('created_at', 'timestamptz', (r) => time(r.createdAt)),
    column('updated_at', 'timestamptz', (r) => time(r.createdAt)),
  ],
};

const PAIN_LOGS: TableSpec<PainLogRow> = {
  table: 'pain_logs',
  chunk: 10_000,
  columns: [
    column('user_id', 'int', (r) => r.userId),
    column('score', 'smallint', (r) => r.score),
    column('recorded_at', 'timestamptz', (r) => time(r.recordedAt)),
    column('body_site', 'pain_body_site', (r) => r.bodySite),
    column('source', 'pain_log_source', (r) => r.source),
    // Reported when the check-in was made, not when the demo was seeded.
    column('created_at', 'timestamptz', (r) => time(r.recordedAt)),
  ],
};

const TIMELINE_SPECS: { [K in keyof TimelineRows]: TableSpec<TimelineRows[K][number]> } = {
  activity: ACTIVITY,
  nudges: NUDGES,
  conversations: CONVERSATIONS,
  surveyResponses: SURVEY_RESPONSES,
  measurements: MEASUREMENTS,
  digitalTwins: DIGITAL_TWINS,
  markerMemberships: MARKER_MEMBERSHIPS,
  segments: SEGMENTS,
  clinicalRecords: CLINICAL_RECORDS,
  surgeries: SURGERIES,
  painLogs: PAIN_LOGS,
};

const TIMELINE_TABLES = Object.keys(TIMELINE_SPECS) as (keyof TimelineRows)[];

/** Inserts one timeline (or several merged); the caller decides the transaction. */
export async function insertTimeline(db: Database, rows: TimelineRows): Promise<void> {
  for (const table of TIMELINE_TABLES) await insertTable(db, table, rows);
}

function insertTable<K extends keyof TimelineRows>(db: Database, table: K, rows: TimelineRows) {
  return bulkInsert(db, TIMELINE_SPECS[table], rows[table]);
}

export type RowCounts = Record<keyof TimelineRows, number>;

export interface TimelineWriter {
  /** Buffers the rows and writes every table whose buffer has filled a chunk. */
  add(rows: TimelineRows): Promise<void>;
  /** Writes whatever is buffered. */
  flush(): Promise<void>;
  /** Rows written so far, per table. */
  readonly counts: RowCounts;
}

/**
 * Buffers timelines of many participants and writes full chunks as they fill, so memory stays
 * bounded by the chunk sizes however many participants are generated.
 */
export function createTimelineWriter(db: Database): TimelineWriter {
  const buffers = Object.fromEntries(
    TIMELINE_TABLES.map((t) => [t, []]),
  ) as unknown as TimelineRows;
  const counts = Object.fromEntries(TIMELINE_TABLES.map((t) => [t, 0])) as RowCounts;

  async function write<K extends keyof TimelineRows>(table: K, all: boolean) {
    const spec = TIMELINE_SPECS[table];
    const buffer = buffers[table];
    while (buffer.length >= spec.chunk || (all && buffer.length > 0)) {
      const chunk = buffer.splice(0, spec.chunk);
      await db.execute(insertStatement(spec, chunk));
      counts[table] += chunk.length;
    }
  }

  return {
    counts,
    async add(rows) {
      for (const table of TIMELINE_TABLES) {
        const target = buffers[table] as unknown[];
        for (const row of rows[table]) target.push(row);
        await write(table, false);
      }
    },
    async flush() {
      for (const table of TIMELINE_TABLES) await write(table, true);
    },
  };
}

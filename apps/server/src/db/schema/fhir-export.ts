import { FHIR_EXPORT_LEVELS, FHIR_EXPORT_STATUSES } from '@recovery-portal/contract/fhir';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const fhirExportStatusEnum = pgEnum('fhir_export_status', FHIR_EXPORT_STATUSES);
export const fhirExportLevelEnum = pgEnum('fhir_export_level', FHIR_EXPORT_LEVELS);

/**
 * A Bulk Data $export request and its progress. The row is the job: whichever server process
 * a client polls reads it here, and a process that finds a running job whose heartbeat stopped
 * (its process died) takes it over.
 */
export const fhirExportJobs = pgTable(
  'fhir_export_jobs',
  {
    id: uuid('id').primaryKey(),
    status: fhirExportStatusEnum('status').notNull(),
    level: fhirExportLevelEnum('level').notNull(),
    /** user_groups.id for a Group-level export. */
    groupId: integer('group_id'),
    types: text('types').array().notNull(),
    since: timestamp('since', { withTimezone: true }),
    /** Who asked: a staff member's id, or a backend client's id; only they may poll it. */
    requesterStaffId: integer('requester_staff_id'),
    requesterClientId: text('requester_client_id'),
    requestUrl: text('request_url').notNull(),
    /** Resources written so far, for X-Progress. */
    written: integer('written').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    transactionTime: timestamp('transaction_time', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('fhir_export_jobs_expires_idx').on(table.expiresAt),
    // One running export per requester: a second kick-off meanwhile is answered 429.
    uniqueIndex('fhir_export_jobs_running_staff_idx')
      .on(table.requesterStaffId)
      .where(sql`${table.status} = 'in-progress'`),
    uniqueIndex('fhir_export_jobs_running_client_idx')
      .on(table.requesterClientId)
      .where(sql`${table.status} = 'in-progress'`),
  ],
);

/** One NDJSON file of a finished export, under DATA_DIR/fhir-export/<job id>/. */
export const fhirExportFiles = pgTable(
  'fhir_export_files',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => fhirExportJobs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [index('fhir_export_files_job_idx').on(table.jobId)],
);

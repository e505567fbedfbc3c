import { PARTICIPANT_TYPES, ROLES, USER_STATUSES } from '@recovery-portal/contract/users';
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', ROLES);
export const userStatusEnum = pgEnum('user_status', USER_STATUSES);
export const participantTypeEnum = pgEnum('participant_type', PARTICIPANT_TYPES);

export const userGroups = pgTable('user_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Staff and participants alike; participant-only columns stay null for staff. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: roleEnum('role').notNull(),
    status: userStatusEnum('status').notNull(),
    /** Always stored lower-case: the login name. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /**
     * Created by single sign-on (OIDC_AUTO_PROVISION): the provider vouches for this person, so
     * the account never gets a portal password, and losing the provider's account loses access.
     */
    provisionedBySso: boolean('provisioned_by_sso').notNull().default(false),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number'),
    /** Clinicians' registration id ('Reg Id' on screen). */
    deaRegId: text('dea_reg_id'),
    participantType: participantTypeEnum('participant_type'),
    groupId: integer('group_id').references(() => userGroups.id, { onDelete: 'set null' }),
    /**
     * The clinic's medical record number, the second identifier staff check with the name and
     * birth date; null when the clinic has not given one. Unique when set (one clinic per
     * deployment), kept upper-case as the contract normalises it.
     */
    mrn: text('mrn'),
    birthDate: date('birth_date'),
    gender: text('gender'),
    heightCm: real('height_cm'),
    /** Name of the connected activity tracker; null when none is connected. */
    tracker: text('tracker'),
    allowDemoMode: boolean('allow_demo_mode').notNull().default(false),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    nextRemindDate: timestamp('next_remind_date', { withTimezone: true }),
    /** The participant's responsible clinician (care team, ADR 0018); null when unassigned. */
    responsibleClinicianId: integer('responsible_clinician_id').references(
      (): AnyPgColumn => users.id,
      { onDelete: 'set null' },
    ),
    /** Lower-cased "first last email mrn", indexed with trigrams for substring search. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || coalesce(' ' || ${users.mrn}, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_mrn_unique')
      .on(table.mrn)
      .where(sql`${table.mrn} is not null`),
    uniqueIndex('users_dea_reg_id_unique')
      .on(table.deaRegId)
      .where(sql`${table.deaRegId} is not null`),
    index('users_role_idx').on(table.role),
    index('users_participant_filter_idx')
      .on(table.participantType, table.status)
      .where(sql`${table.role} = 'PARTICIPANT'`),
    // The nudge and coach lists' participant sort, in exactly their ORDER BY: a page walks it.
    index('users_participant_name_idx')
      .on(sql`lower(${table.firstName} || ' ' || ${table.lastName})`, table.id)
      .where(sql`${table.role} = 'PARTICIPANT'`),
    index('users_participant_first_name_idx')
      .on(table.participantType, table.firstName, table.id)
      .where(sql`${table.role} = 'PARTICIPANT'`),
    index('users_participant_email_idx')
      .on(table.participantType, table.email, table.id)
      .where(sql`${table.role} = 'PARTICIPANT'`),
    index('users_participant_joined_idx')
      .on(table.participantType, table.joinedAt, table.id)
      .where(sql`${table.role} = 'PARTICIPANT'`),
    // The same orders within one status, so the Invited and Suspended lists read only their page
    // (invited participants have not joined: walking the index above would pass every joined one).
    index('users_participant_status_first_name_idx')
      .on(table.participantType, table.status, table.firstName, table.id)
      .where(sql`${table.role} = 'PARTICIPANT'`),
    index('users_participant_status_email_idx')
      .on(table.participantType, table.status, table.email, table.id)
      .where(sql`${table.role} = 'PARTICIPANT'`),
    index('users_participant_status_joined_idx')
      .on(table.participantType, table.status, table.joinedAt, table.id)
      .where(sql`${table.role} = 'PARTICIPANT'`),
    // "Mine": a staff member's caseload of one participant type, read without scanning the rest.
    index('users_responsible_clinician_idx')
      .on(table.responsibleClinicianId, table.participantType, table.id)
      .where(sql`${table.responsibleClinicianId} is not null`),
    index('users_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // A group's members (the list's group filter, the FHIR Group export's pages by id, the member
    // count) and the ON DELETE SET NULL of a removed group, read without scanning every user.
    index('users_group_idx')
      .on(table.groupId, table.id)
      .where(sql`${table.groupId} is not null`),
  ],
);

/**
 * How many participants of each type and status there are, in total (gram '') and whose
 * search_text contains each 1- or 2-character string (gram). The list's paginator needs an exact
 * total: with no search, or a search too short for the trigram index, it is read here instead of
 * counting tens of thousands of rows per request. Kept by statement-level triggers on users in
 * the same transaction as the change (migration 0007), never written by the application.
 *
 * A key may have a few rows, summed when read: a trigger folds the rows it can lock into one and
 * adds its change as a new row, skipping rows another open transaction holds, so concurrent
 * inserts of participants never wait for each other's commit.
 */
export const participantSearchCounts = pgTable(
  'participant_search_counts',
  {
    participantType: participantTypeEnum('participant_type').notNull(),
    status: userStatusEnum('status').notNull(),
    gram: text('gram').notNull(),
    n: integer('n').notNull(),
  },
  (table) => [
    index('participant_search_counts_key_idx').on(table.participantType, table.gram, table.status),
  ],
);

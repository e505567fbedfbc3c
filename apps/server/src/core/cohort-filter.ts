import { eq, sql, type SQL } from 'drizzle-orm';
import {
  PROGRAMME_OF_GROUP,
  PROGRAMME_OF_PROCEDURE,
  type RecoveryProgramme,
} from '@recovery-portal/contract/outcomes';
import { SURGERY_PROCEDURES } from '@recovery-portal/contract/surgery';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { surgeries } from '#app/db/schema/surgery';
import { userGroups, users } from '#app/db/schema/users';

/**
 * The cohort filters the participant list and the programme outcomes share: the type tab, a
 * recovery programme, a group, a range of surgery days and Mine (resolved to whose caseload).
 */
export interface CohortFilters {
  type: ParticipantType;
  group: string;
  surgery_from: string;
  surgery_to: string;
  programme: RecoveryProgramme | '';
  responsible_id?: number | null;
}

const listOf = (values: readonly string[]) =>
  values.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )})`;

/**
 * Participants following `programme` as resolveProgramme (core/programme.ts) decides it: the
 * latest surgery's procedure when there is a surgery, else a group that stands for a programme,
 * else the general programme.
 */
function programmeCondition(programme: RecoveryProgramme): SQL {
  const procedures = SURGERY_PROCEDURES.filter((p) => PROGRAMME_OF_PROCEDURE[p] === programme);
  const groups = Object.keys(PROGRAMME_OF_GROUP);
  const groupsOf = groups.filter((group) => PROGRAMME_OF_GROUP[group] === programme);
  const latestProcedure = sql`(select ${surgeries.procedure} from ${surgeries} where ${surgeries.userId} = ${users.id} order by ${surgeries.surgeryDate} desc, ${surgeries.id} desc limit 1)`;
  const groupName = sql`(select ${userGroups.name} from ${userGroups} where ${userGroups.id} = ${users.groupId})`;
  const byGroup =
    programme === 'GENERAL'
      ? sql`coalesce(${groupName} not in ${listOf(groups)}, true)`
      : sql`coalesce(${groupName} in ${listOf(groupsOf)}, false)`;
  return sql`case when exists (select 1 from ${surgeries} where ${surgeries.userId} = ${users.id}) then coalesce(${latestProcedure}::text in ${listOf(procedures)}, false) else ${byGroup} end`;
}

/** The cohort filters as conditions on `users`: participants of the type tab, narrowed. */
export function cohortConditions(filters: CohortFilters): SQL[] {
  const conditions: SQL[] = [
    eq(users.role, 'PARTICIPANT'),
    eq(users.participantType, filters.type),
  ];
  const responsibleId = filters.responsible_id ?? null;
  // users_responsible_clinician_idx: a caseload is read without walking the other participants.
  if (responsibleId !== null) conditions.push(eq(users.responsibleClinicianId, responsibleId));
  if (filters.group) {
    conditions.push(
      sql`${users.groupId} = (select ${userGroups.id} from ${userGroups} where ${userGroups.name} = ${filters.group})`,
    );
  }
  if (filters.surgery_from || filters.surgery_to) {
    const from = filters.surgery_from
      ? sql` and ${surgeries.surgeryDate} >= ${filters.surgery_from}`
      : sql``;
    const to = filters.surgery_to
      ? sql` and ${surgeries.surgeryDate} <= ${filters.surgery_to}`
      : sql``;
    conditions.push(
      sql`exists (select 1 from ${surgeries} where ${surgeries.userId} = ${users.id}${from}${to})`,
    );
  }
  if (filters.programme) conditions.push(programmeCondition(filters.programme));
  return conditions;
}

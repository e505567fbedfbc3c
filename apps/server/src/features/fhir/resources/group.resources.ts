import type { Group } from '@medplum/fhirtypes';
import { inArray } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { userGroups } from '#app/db/schema/users';
import { SERIAL_MAX_KEY, allOf, keysOf, type FhirSource } from './fhir-source';
import {
  countGroups,
  groupIdIs,
  nameStartsWith,
  pageGroups,
  type GroupRow,
} from './groups.repository';

/**
 * The portal's participant groups, so a client can find the id its Group $export needs. Members
 * are not listed: the count says how large an export is without naming anyone.
 */
export function groupSource(db: Database): FhirSource<GroupRow> {
  return {
    kind: 0,
    prefix: '',
    maxKey: SERIAL_MAX_KEY,
    where(search) {
      const keys = keysOf(search, '', SERIAL_MAX_KEY);
      return allOf([
        keys === null ? undefined : keys.length ? inArray(userGroups.id, keys) : null,
        search.name === undefined ? undefined : nameStartsWith(search.name),
      ]);
    },
    page: (where, afterKey, limit) => pageGroups(db, where, afterKey, limit),
    count: (where) => countGroups(db, where),
    keyIs: groupIdIs,
    key: (row) => row.id,
    participant: () => null,
    toResource: (row): Group => ({
      resourceType: 'Group',
      id: String(row.id),
      type: 'person',
      actual: true,
      name: row.name,
      quantity: row.members,
    }),
  };
}

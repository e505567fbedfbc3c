import dayjs from 'dayjs';
import type { Task } from '@recovery-portal/contract/tasks';
import { toApiDate } from '#app/lib/format.ts';

/** Test-only: a local date `days` from today, as the portal computes "today". */
export const localDay = (days: number) => toApiDate(dayjs().add(days, 'day').toDate());

/** Test-only: an open task of Jane Doe assigned to the signed-in clinician (id 11). */
export function taskFixture(overrides: Partial<Task> = {}): Task {
  return {
    id: 501,
    participant_id: 7,
    participant_name: 'Jane Doe',
    participant_birth_date: '1961-03-02',
    participant_mrn: 'K-0042',
    title: 'Call about chest pain',
    due_on: localDay(1),
    assignee: { id: 11, name: 'Clara Nguyen' },
    note: null,
    flag_id: null,
    created_by: { id: 12, name: 'Omar Reyes' },
    created_at: new Date().toISOString(),
    done_at: null,
    done_by: null,
    ...overrides,
  };
}

export const STAFF = [
  { id: 11, name: 'Clara Nguyen', role: 'CLINICIAN' as const },
  { id: 12, name: 'Omar Reyes', role: 'CLINICIAN' as const },
];

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { tasks } from '#app/db/schema/care-team';
import { users } from '#app/db/schema/users';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { addDays, isoDate, startOfUtcDay } from './seed-dates';

/** Every this-many-th active Internal participant (by id) is the demo clinician's. */
const CASELOAD_STRIDE = 4;
/** The demo clinician's caseload size. */
const CASELOAD_SIZE = 12;

/**
 * The demo clinician's follow-up tasks, due this many days from the seed day: two overdue, one
 * due today, two ahead; the last one is already done.
 */
const DEMO_TASKS = [
  { days: -3, title: 'Call back about knee swelling', note: 'Asked to ring after physio.' },
  { days: -1, title: 'Review this week’s pain reports', note: null },
  { days: 0, title: 'Check the wound photo', note: 'Photo uploaded in the app yesterday.' },
  { days: 2, title: 'Confirm the 6-week PROMs are done', note: null },
  { days: 7, title: 'Plan the discharge call', note: null },
  { days: -6, title: 'Book the follow-up X-ray', note: null, done: true },
] as const;

/**
 * Makes the demo clinician responsible for some active Internal participants and gives them a
 * few follow-up tasks around `now`, so a fresh demo shows "Mine", overdue tasks and My tasks.
 * Deterministic for one `now`: the participants are chosen by id order.
 */
export async function seedCareTeam(db: Database, now: Date): Promise<void> {
  const clinicianEmail = DEMO_ACCOUNTS.find((account) => account.role === 'CLINICIAN')?.email;
  if (!clinicianEmail) return;
  const [clinician] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, clinicianEmail))
    .limit(1);
  if (!clinician) return;
  const active = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'PARTICIPANT'),
        eq(users.status, 'ACTIVATED'),
        eq(users.participantType, 'Internal'),
      ),
    )
    .orderBy(asc(users.id));
  const caseload = active
    .filter((_, index) => index % CASELOAD_STRIDE === 0)
    .slice(0, CASELOAD_SIZE)
    .map((row) => row.id);
  if (caseload.length === 0) return;
  await db
    .update(users)
    .set({ responsibleClinicianId: clinician.id })
    .where(inArray(users.id, caseload));
  const today = startOfUtcDay(now);
  await db.insert(tasks).values(
    DEMO_TASKS.map((task, index) => ({
      participantId: caseload[index % caseload.length] ?? caseload[0]!,
      title: task.title,
      note: task.note,
      dueOn: isoDate(addDays(today, task.days)),
      assigneeId: clinician.id,
      createdBy: clinician.id,
      createdAt: addDays(now, Math.min(task.days, 0) - 2),
      ...('done' in task ? { doneAt: addDays(now, -1), doneBy: clinician.id } : {}),
    })),
  );
}

import type { Faker } from '@faker-js/faker';
import type { ParticipantType, UserStatus } from '@recovery-portal/contract/users';
import { planProgramme, type ProgrammePlan, type SafetyFinding } from './programme-plan';
import { addDays, atMinute, isoDate, minDate } from './seed-dates';
import { chance, clamp, gaussian, mixSeed, STREAM, weighted } from './seed-random';

/** The columns of a participant's users row (no password: participants use the mobile app). */
export interface ParticipantUserRow {
  role: 'PARTICIPANT';
  status: UserStatus;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  /** The clinic's record number; null for Demo participants, who are not the clinic's patients. */
  mrn: string | null;
  participantType: ParticipantType;
  groupId: number | null;
  birthDate: string;
  gender: string;
  heightCm: number;
  tracker: string | null;
  allowDemoMode: boolean;
  invitedAt: Date;
  joinedAt: Date | null;
  lastRemindedAt: Date | null;
  nextRemindDate: Date | null;
  createdAt: Date;
}

export interface ParticipantProfile {
  /** Position in the generated population; makes the email unique and drives the seed. */
  index: number;
  user: ParticipantUserRow;
  /** Null for invited participants, who have not started the programme. */
  plan: ProgrammePlan | null;
}

export interface ProfileContext {
  baseSeed: number;
  /** UTC midnight of the day the data is 'as of'. */
  today: Date;
  /** user_groups name → id. */
  groupIds: ReadonlyMap<string, number>;
}

/** The server's default REMIND_INTERVAL_DAYS: a reminder can be re-sent this many days later. */
const REMIND_INTERVAL_DAYS = 3;

const EMAIL_DOMAINS = ['example.org', 'example.com', 'example.net'] as const;

const MRN_SPACE = 9_000_000;
/**
 * A 7-digit record number unique to the position: multiplying by a prime that does not divide
 * MRN_SPACE permutes the positions, so numbers look unordered yet never repeat. Drawn from the
 * position, not the random streams, so adding it changed no other generated value.
 */
export function demoMrn(index: number): string {
  return String(1_000_000 + ((index * 7919 + 104_729) % MRN_SPACE));
}

/**
 * Scenarios pinned to positions in the population so that even a small seed has every list
 * state the portal draws: invitations that can and cannot be re-sent, suspensions, no telemetry,
 * a survey due today, a conversation with chest pain and a blood pressure above its limit.
 */
type Scenario =
  | 'random'
  | 'pending-new'
  | 'pending-reminded-recently'
  | 'pending-remind-due'
  | 'suspended'
  | 'no-telemetry'
  | 'survey-due-today'
  | 'safety-finding'
  | 'threshold-crossing';

function scenarioFor(index: number): Scenario {
  switch (index % 20) {
    case 3:
      return 'pending-new';
    case 7:
      return 'pending-reminded-recently';
    case 11:
      return 'pending-remind-due';
    case 15:
      return 'suspended';
    case 18:
      return 'no-telemetry';
  }
  if (index % 50 === 5) return 'survey-due-today';
  if (index % 40 === 9) return 'safety-finding';
  if (index % 40 === 21) return 'threshold-crossing';
  return 'random';
}

function statusFor(faker: Faker, scenario: Scenario): UserStatus {
  if (scenario.startsWith('pending')) return 'PENDING_ACTIVATION';
  if (scenario === 'suspended') return 'SUSPENDED';
  if (scenario !== 'random') return 'ACTIVATED';
  return weighted(faker, [
    ['ACTIVATED', 92],
    ['PENDING_ACTIVATION', 4],
    ['SUSPENDED', 4],
  ] as const);
}

/** Letters only, so "first.last" plus the numeric suffix can never collide. */
function emailPart(name: string): string {
  const letters = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return letters || 'x';
}

/** 555-01xx numbers are reserved for fiction in every North American area code. */
function fictionalPhone(faker: Faker): string {
  const area = faker.number.int({ min: 201, max: 989 });
  const line = faker.number.int({ min: 0, max: 99 }).toString().padStart(2, '0');
  return `+1 ${area}-555-01${line}`;
}

/** Minutes after midnight during office hours, for invitation and reminder times. */
function officeMinute(faker: Faker): number {
  return faker.number.int({ min: 8 * 60, max: 17 * 60 + 30 });
}

/** The seed of participant `index` in the population seeded with `baseSeed`. */
export function participantSeed(baseSeed: number, index: number): number {
  return mixSeed(baseSeed, index);
}

/**
 * One participant of the demo population: identity, type, group, status and dates, and (once
 * they have joined) their programme plan. Same index, seed and day → the same participant.
 */
export function generateParticipantProfile(
  faker: Faker,
  index: number,
  context: ProfileContext,
): ParticipantProfile {
  const seed = participantSeed(context.baseSeed, index);
  faker.seed([seed, 0, STREAM.profile]);
  const today = context.today;
  const scenario = scenarioFor(index);

  const sex = faker.person.sexType();
  const firstName = faker.person.firstName(sex);
  const lastName = faker.person.lastName();
  const gender = chance(faker, 0.02) ? 'Non-binary' : sex === 'female' ? 'Female' : 'Male';
  const participantType = weighted<ParticipantType>(faker, [
    ['Internal', 55],
    ['Pilot', 25],
    ['Demo', 20],
  ]);
  const groupName =
    participantType === 'Internal'
      ? 'CZ'
      : weighted(faker, [
          ['Knee Recovery', 50],
          ['Hip Recovery', 35],
          ['Cardiac Rehab', 15],
        ] as const);
  const status = statusFor(faker, scenario);

  // Joint replacement patients are mostly in their sixties and seventies.
  const ageYears = Math.round(
    35 + 50 * ((faker.number.float() + faker.number.float() + faker.number.float()) / 3),
  );
  const birthDate = addDays(
    today,
    -Math.round(ageYears * 365.25) - faker.number.int({ min: 0, max: 364 }),
  );
  const heightCm = Math.round(
    gender === 'Female'
      ? clamp(gaussian(faker, 163, 6.5), 148, 185)
      : gender === 'Male'
        ? clamp(gaussian(faker, 177, 7), 158, 198)
        : clamp(gaussian(faker, 170, 8), 150, 195),
  );
  const tracker =
    status === 'PENDING_ACTIVATION' && chance(faker, 0.8)
      ? null
      : weighted<string | null>(faker, [
          ['Fitbit', 32],
          ['Apple Health', 28],
          ['Garmin', 12],
          ['Google Fit', 6],
          [null, 22],
        ]);
  const phoneNumber = fictionalPhone(faker);
  const email = `${emailPart(firstName)}.${emailPart(lastName)}${index + 1}@${faker.helpers.arrayElement(EMAIL_DOMAINS)}`;

  let invitedAt: Date;
  let joinedAt: Date | null = null;
  let lastRemindedAt: Date | null = null;
  let nextRemindDate: Date | null = null;
  let plan: ProgrammePlan | null = null;

  if (status === 'PENDING_ACTIVATION') {
    const reminder =
      scenario === 'pending-new'
        ? 'none'
        : scenario === 'pending-reminded-recently'
          ? 'recent'
          : scenario === 'pending-remind-due'
            ? 'due'
            : weighted(faker, [
                ['none', 50],
                ['recent', 25],
                ['due', 25],
              ] as const);
    if (reminder === 'none') {
      invitedAt = atMinute(
        addDays(today, -faker.number.int({ min: 1, max: 20 })),
        officeMinute(faker),
      );
    } else {
      // 'recent': the next reminder is still ahead ('Remind again in N Days');
      // 'due': the waiting period is over, so 'Send Reminder' shows again.
      const remindedDaysAgo =
        reminder === 'recent'
          ? faker.number.int({ min: 0, max: REMIND_INTERVAL_DAYS - 1 })
          : faker.number.int({ min: REMIND_INTERVAL_DAYS + 1, max: 14 });
      lastRemindedAt = atMinute(addDays(today, -remindedDaysAgo), officeMinute(faker));
      // Reminders go out during office hours; one sent "today" must not lie in the future.
      if (remindedDaysAgo === 0) lastRemindedAt = atMinute(today, 1);
      nextRemindDate = addDays(lastRemindedAt, REMIND_INTERVAL_DAYS);
      invitedAt = atMinute(
        addDays(lastRemindedAt, -faker.number.int({ min: REMIND_INTERVAL_DAYS, max: 10 })),
        officeMinute(faker),
      );
    }
  } else {
    const safety: SafetyFinding | null = scenario === 'safety-finding' ? 'chest pain' : null;
    plan = planProgramme(faker, {
      seed,
      today,
      gender,
      ageYears,
      heightCm,
      groupName,
      tracker,
      // WEEK_6 is due 42 days after surgery: this participant's 6-week survey is due today.
      ...(scenario === 'survey-due-today' ? { surgeryDate: addDays(today, -42) } : {}),
      ...(scenario === 'no-telemetry' ? { telemetry: false } : {}),
      ...(scenario === 'threshold-crossing'
        ? { telemetry: true, highBloodPressureOn: addDays(today, -2) }
        : {}),
      forcedSafetyFinding: safety,
    });
    faker.seed([seed, 1, STREAM.profile]);
    joinedAt = atMinute(plan.startDate, faker.number.int({ min: 7 * 60, max: 21 * 60 }));
    invitedAt = atMinute(
      addDays(plan.startDate, -faker.number.int({ min: 1, max: 9 })),
      officeMinute(faker),
    );
    if (status === 'SUSPENDED') {
      const stoppedDaysAgo = faker.number.int({ min: 3, max: 45 });
      plan.endDate = minDate(addDays(today, -stoppedDaysAgo), addDays(today, -1));
      if (plan.endDate.getTime() < plan.startDate.getTime()) plan.endDate = plan.startDate;
    }
  }

  return {
    index,
    plan,
    user: {
      role: 'PARTICIPANT',
      status,
      email,
      firstName,
      lastName,
      phoneNumber,
      mrn: participantType === 'Demo' ? null : demoMrn(index),
      participantType,
      groupId: context.groupIds.get(groupName) ?? null,
      birthDate: isoDate(birthDate),
      gender,
      heightCm,
      tracker,
      allowDemoMode: participantType === 'Demo',
      invitedAt,
      joinedAt,
      lastRemindedAt,
      nextRemindDate,
      createdAt: invitedAt,
    },
  };
}

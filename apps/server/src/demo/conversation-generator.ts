import type { Faker } from '@faker-js/faker';
import {
  COACH_USER_ID,
  type ConversationMarker,
  type TranscriptMessage,
} from '@recovery-portal/contract/conversations';
import { MEASUREMENT_TYPES, type MeasurementKey } from '@recovery-portal/contract/measurements';
import {
  CLOSINGS,
  GREETINGS,
  NEGATIVE_SAFETY_SCREEN,
  PHRASES,
  RECOVERY_GREETINGS,
  SAFETY_SCRIPTS,
  TOPICS,
  type ScriptLine,
  type TopicNeeds,
} from './conversation-scripts';
import {
  daysSinceSurgery,
  phaseOn,
  type SafetyFinding,
  type TimelineParticipant,
} from './programme-plan';
import { addDays, atMinute, dayNumber, isoDate } from './seed-dates';
import { chance, round, STREAM, weighted } from './seed-random';
import { operatedSide } from './surgery-generator';
import { generateTelemetryDay } from './telemetry-generator';
import {
  TIMELINE_VOLUMES,
  type ActivityKind,
  type ConversationRow,
  type MarkerMembershipRow,
  type MeasurementRow,
  type TimelineVolume,
} from './timeline-types';

const DAILY_RATE: Record<TimelineParticipant['plan']['engagement'], number> = {
  high: 0.2,
  medium: 0.1,
  low: 0.04,
  none: 0,
};

/** Clinic follow-ups after surgery (days); the next one after a chat is its 'next visit'. */
const FOLLOW_UP_DAYS = [-7, 14, 42, 91, 182, 365] as const;

export interface GeneratedConversation {
  conversation: ConversationRow;
  kind: Extract<ActivityKind, 'COACH_CHAT' | 'COACH_CALL'>;
  /** A safety finding also puts the participant in a Safety marker for two weeks. */
  membership: MarkerMembershipRow | null;
}

/** The day the pinned safety finding is reported: a few days before today. */
export function forcedFindingDay(participant: TimelineParticipant, today: Date): Date {
  return addDays(today, -(2 + (participant.plan.seed % 4)));
}

/** Findings drawn by chance; those that speak of the operation only once it has happened. */
function randomFinding(faker: Faker, afterSurgery: boolean): SafetyFinding | null {
  const finding = weighted<SafetyFinding | null>(faker, [
    ['chest pain', 1.5],
    ['shortness of breath', 2],
    ['fall', 2.5],
    ['fever', 2],
    [null, 92],
  ]);
  return finding && (afterSurgery || !SAFETY_SCRIPTS[finding].afterSurgeryOnly) ? finding : null;
}

const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/**
 * What the participant's own data says about the day: the steps and pain check-in of the day
 * before and the night's sleep, read from the same seeded telemetry the timeline stores. A
 * conversation quotes these, never numbers of its own.
 */
export interface DayFacts {
  /** Yesterday's step count, rounded to a hundred as people say it. */
  steps: number | null;
  /** Yesterday evening's pain check-in (0–10). */
  pain: number | null;
  /** Last night's sleep in hours, to the half hour. */
  sleep: number | null;
}

function reading(rows: readonly MeasurementRow[], key: MeasurementKey): number | null {
  const code = MEASUREMENT_TYPES[key].code;
  return rows.find((row) => row.code === code)?.value ?? null;
}

/**
 * The facts of `day` from the telemetry the timeline generates (it seeds each day on its own).
 * A day the timeline does not store (before the participant joined, or before the volume's
 * telemetry window) has no facts, so a conversation never quotes a number the portal cannot show.
 */
export function factsOfDay(
  faker: Faker,
  participant: TimelineParticipant,
  day: Date,
  today: Date,
  volume: Pick<TimelineVolume, 'measurements' | 'telemetryDays'>,
  generated: ReadonlyMap<number, readonly MeasurementRow[]>,
): DayFacts {
  const firstStored = Math.max(
    dayNumber(participant.plan.startDate),
    volume.telemetryDays === null ? -Infinity : dayNumber(today) - volume.telemetryDays,
  );
  const readings = (of: Date): readonly MeasurementRow[] => {
    // The timeline's own rows when it has them; the same seeded rows otherwise (a day before
    // the range being generated, as when a timeline is extended piece by piece).
    const known = generated.get(dayNumber(of));
    if (known) return known;
    const rows: MeasurementRow[] = [];
    if (dayNumber(of) >= firstStored) {
      generateTelemetryDay(faker, participant, of, volume.measurements, rows);
    }
    return rows;
  };
  const yesterday = readings(addDays(day, -1));
  const sameDay = readings(day);
  const steps = reading(yesterday, 'steps');
  const sleep = reading(sameDay, 'sleepDuration');
  return {
    steps: steps === null ? null : Math.max(100, Math.round(steps / 100) * 100),
    pain: reading(yesterday, 'painScore'),
    sleep: sleep === null ? null : Math.round(sleep / 30) / 2,
  };
}

function fits(
  needs: TopicNeeds,
  participant: TimelineParticipant,
  day: Date,
  facts: DayFacts,
): boolean {
  const phase = phaseOn(participant.plan, day);
  const { plan } = participant;
  const bmi = plan.baseline.weightKg / (participant.heightCm / 100) ** 2;
  return (
    (!needs.phases || needs.phases.includes(phase)) &&
    (!needs.joints || needs.joints.includes(plan.joint)) &&
    (!needs.course || (needs.course === 'slow') === plan.slowRecovery) &&
    (!needs.facts || needs.facts.every((fact) => facts[fact] !== null)) &&
    (needs.minBmi === undefined || bmi >= needs.minBmi) &&
    (needs.minPain === undefined || (facts.pain ?? 0) >= needs.minPain) &&
    (needs.fromDay === undefined || daysSinceSurgery(plan, day) >= needs.fromDay)
  );
}

/**
 * The coach conversation of one day, if any: greeting, one or two topics that fit the
 * participant's phase, course and data, sometimes a red-flag screen or a safety finding, and a
 * closing. Every number it quotes is the participant's own (see DayFacts).
 */
export function generateConversationDay(
  faker: Faker,
  participant: TimelineParticipant,
  day: Date,
  today: Date,
  volume: Pick<TimelineVolume, 'measurements' | 'telemetryDays'> = TIMELINE_VOLUMES.unbounded,
  generated: ReadonlyMap<number, readonly MeasurementRow[]> = new Map(),
): GeneratedConversation | null {
  const { plan } = participant;
  faker.seed([plan.seed, dayNumber(day), STREAM.conversations]);
  const forced =
    plan.forcedSafetyFinding && day.getTime() === forcedFindingDay(participant, today).getTime()
      ? plan.forcedSafetyFinding
      : null;
  if (!forced && !chance(faker, DAILY_RATE[plan.engagement])) return null;

  // Reading the day's data and the operated side reseeds the faker; the conversation's own
  // stream continues from a seed of its own.
  const facts = factsOfDay(faker, participant, day, today, volume, generated);
  const side = operatedSide(faker, plan);
  faker.seed([plan.seed, dayNumber(day), STREAM.conversations, 1]);

  const phase = phaseOn(plan, day);
  const afterSurgery = phase !== 'pre-op';
  const fitting = TOPICS.filter((t) => fits(t, participant, day, facts));
  const topics = faker.helpers.arrayElements(fitting, { min: 1, max: 2 });
  const finding = forced ?? randomFinding(faker, afterSurgery);
  const safety = finding ? SAFETY_SCRIPTS[finding] : null;
  const screen = !safety && chance(faker, 0.35) ? NEGATIVE_SAFETY_SCREEN : null;

  const sideWord = side === 'LEFT' ? 'left' : 'right';
  const joint = plan.joint === 'heart' ? 'chest wound' : plan.joint;
  const missed = addDays(day, -faker.number.int({ min: 1, max: 5 }));
  const values: Record<string, string> = {
    name: participant.firstName,
    joint,
    operated: plan.joint === 'heart' ? joint : `${sideWord} ${joint}`,
    otherSide: side === 'LEFT' ? 'right' : 'left',
    steps: (facts.steps ?? 0).toLocaleString('en-US'),
    goal: (Math.round(((facts.steps ?? 0) * 1.15) / 500) * 500 || 1000).toLocaleString('en-US'),
    pain: String(facts.pain ?? ''),
    sleep: String(facts.sleep ?? ''),
    missedDay: WEEKDAYS[missed.getUTCDay()] ?? '',
    temperature: round(faker.number.float({ min: 38, max: 39.4 }), 1).toFixed(1),
  };
  for (const [key, phrases] of Object.entries(PHRASES)) {
    values[key] = faker.helpers.arrayElement(phrases);
  }
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);

  const greeting =
    afterSurgery && chance(faker, 0.4)
      ? RECOVERY_GREETINGS[plan.slowRecovery ? 'slow' : 'expected']
      : faker.helpers.arrayElement(GREETINGS);
  const lines: ScriptLine[] = [
    ...greeting,
    ...topics.flatMap((t) => t.lines),
    ...(safety?.lines ?? screen?.lines ?? []),
    ...faker.helpers.arrayElement(CLOSINGS),
  ];
  const startedAt = atMinute(day, faker.number.int({ min: 9 * 60, max: 19 * 60 }));
  let clock = startedAt.getTime();
  const transcript: TranscriptMessage[] = lines.map((line) => {
    clock += faker.number.int({ min: 20, max: 180 }) * 1000;
    return {
      userId: line.coach ? COACH_USER_ID : String(participant.id),
      message: fill(faker.helpers.arrayElement(line.text)),
      sent_at: new Date(clock).toISOString(),
    };
  });
  const endedAt = new Date(clock + 60_000);

  const parts = [...(safety ? [safety] : []), ...topics, ...(screen ? [screen] : [])];
  const markers: ConversationMarker[] = parts.flatMap((p) =>
    p.markers.map((m) => ({ ...m, content: fill(m.content) })),
  );
  const surgeryDay = dayNumber(plan.surgeryDate);
  const nextVisit = FOLLOW_UP_DAYS.map((d) => addDays(plan.surgeryDate, d)).find(
    (visit) => dayNumber(visit) > dayNumber(day) && dayNumber(visit) - surgeryDay <= 365,
  );
  const kind = safety || chance(faker, 0.75) ? 'COACH_CHAT' : 'COACH_CALL';

  return {
    kind,
    conversation: {
      userId: participant.id,
      startedAt,
      endedAt,
      summary: parts.map((p) => fill(p.summary)).join(' '),
      patientSummary: parts.map((p) => fill(p.patientSummary)).join(' '),
      markers,
      transcript,
      nextBestAction: fill((safety ?? topics[0])?.nextBestAction ?? '') || null,
      nextVisitDate: nextVisit && chance(faker, 0.85) ? isoDate(nextVisit) : null,
      createdAt: endedAt,
    },
    membership: safety
      ? {
          userId: participant.id,
          type: 'Safety',
          topic: safety.membershipTopic,
          markerName: `${safety.finding.charAt(0).toUpperCase()}${safety.finding.slice(1)} reported`,
          validFrom: isoDate(day),
          validTo: isoDate(addDays(day, 14)),
        }
      : null,
  };
}

import type { Faker } from '@faker-js/faker';
import {
  generateClinicalRecords,
  generateDigitalTwin,
  generateMarkerMemberships,
  generateSegments,
} from './care-profile-generator';
import { generateConversationDay } from './conversation-generator';
import { generateNudgeDay } from './nudge-generator';
import type { TimelineParticipant } from './programme-plan';
import { addDays, atMinute, dayNumber, maxDate, minDate, startOfUtcDay } from './seed-dates';
import { poisson, STREAM } from './seed-random';
import type { StoredSurvey } from '#app/core/surveys/programme-surveys';
import { generateSurgery, painLogsOf } from './surgery-generator';
import { generateSurveySchedule } from './survey-schedule-generator';
import { generateTelemetryDay } from './telemetry-generator';
import {
  emptyTimeline,
  TIMELINE_VOLUMES,
  type ActivityRow,
  type MeasurementRow,
  type TimelineRows,
  type TimelineVolume,
} from './timeline-types';

export interface TimelineOptions {
  /** First day to generate (inclusive). */
  from: Date;
  /** Last day to generate (inclusive); days after `today` only get scheduled nudges. */
  to: Date;
  /** The day the data is 'as of' (default: `to`): past, due and future are relative to it. */
  today?: Date;
  /** Questionnaires with their database ids, for the survey schedule. */
  surveys: readonly StoredSurvey[];
  /** Default: everything in the range (TIMELINE_VOLUMES.unbounded). */
  volume?: TimelineVolume;
  /**
   * Also the surgery the plan follows (a profile row) and the pain check-ins as pain reports, as
   * the portal shows them (the demo seed). Off by default: the simulation records its own.
   */
  surgeryRecords?: boolean;
}

const SESSIONS_PER_DAY: Record<TimelineParticipant['plan']['engagement'], number> = {
  high: 3,
  medium: 1.5,
  low: 0.4,
  none: 0,
};

/** The later of `from` and `today - days` (no limit when days is null). */
function windowStart(from: Date, today: Date, days: number | null): Date {
  return days === null ? from : maxDate(from, addDays(today, -days));
}

function eachDay(from: Date, to: Date, visit: (day: Date) => void) {
  for (let d = from; d.getTime() <= to.getTime(); d = addDays(d, 1)) visit(d);
}

/**
 * One participant's programme data between `from` and `to`: telemetry, app activity, nudges,
 * coach conversations and, with `volume.profileRows`, the rows that exist once per participant
 * (survey schedule, digital twin, clinical records, marker memberships, segments and with
 * `surgeryRecords` the surgery — leave them out when extending an earlier timeline). Every day
 * is seeded on its own, so generating a range in pieces gives the same rows as generating it at
 * once.
 */
export function generateParticipantTimeline(
  faker: Faker,
  participant: TimelineParticipant,
  options: TimelineOptions,
): TimelineRows {
  const { plan } = participant;
  const volume = options.volume ?? TIMELINE_VOLUMES.unbounded;
  const today = startOfUtcDay(options.today ?? options.to);
  const from = maxDate(startOfUtcDay(options.from), plan.startDate);
  const to = startOfUtcDay(options.to);
  // Data happens on days before today and not after the participant stopped.
  const lastPastDay = minDate(minDate(to, addDays(today, -1)), plan.endDate ?? to);
  const rows = emptyTimeline();

  const activityFrom = windowStart(from, today, volume.activityDays);
  const inActivityWindow = (at: Date) =>
    dayNumber(at) >= dayNumber(activityFrom) && at <= addDays(lastPastDay, 1);

  // Kept by day as well: the conversations quote them.
  const telemetryByDay = new Map<number, MeasurementRow[]>();
  eachDay(windowStart(from, today, volume.telemetryDays), lastPastDay, (day) => {
    const dayRows: MeasurementRow[] = [];
    generateTelemetryDay(faker, participant, day, volume.measurements, dayRows);
    telemetryByDay.set(dayNumber(day), dayRows);
    rows.measurements.push(...dayRows);
  });

  // Index order (user, code, time) makes the B-tree inserts sequential: about 10% faster.
  rows.measurements.sort((a, b) =>
    a.code === b.code ? a.measuredAt.getTime() - b.measuredAt.getTime() : a.code < b.code ? -1 : 1,
  );

  eachDay(activityFrom, lastPastDay, (day) => {
    faker.seed([plan.seed, dayNumber(day), STREAM.activity]);
    const sessions = poisson(faker, SESSIONS_PER_DAY[plan.engagement]);
    const minutes = Array.from({ length: sessions }, () =>
      faker.number.int({ min: 6 * 60, max: 23 * 60 }),
    ).sort((a, b) => a - b);
    for (const minute of minutes) {
      rows.activity.push({
        userId: participant.id,
        kind: 'APP_SESSION',
        occurredAt: atMinute(day, minute),
      });
    }
  });

  // Nudges are scheduled ahead, so they run to `to`, but stop when the participant stopped.
  const nudgesTo = plan.endDate ? minDate(to, plan.endDate) : to;
  eachDay(windowStart(from, today, volume.nudgePastDays), nudgesTo, (day) => {
    const nudge = generateNudgeDay(faker, participant, day, today);
    if (!nudge) return;
    rows.nudges.push(nudge);
    if (nudge.openedAt && inActivityWindow(nudge.openedAt)) {
      rows.activity.push({
        userId: participant.id,
        kind: 'NUDGE_OPEN',
        occurredAt: nudge.openedAt,
      });
    }
  });

  eachDay(windowStart(from, today, volume.conversationDays), lastPastDay, (day) => {
    const generated = generateConversationDay(
      faker,
      participant,
      day,
      today,
      volume,
      telemetryByDay,
    );
    if (!generated) return;
    rows.conversations.push(generated.conversation);
    if (generated.membership) rows.markerMemberships.push(generated.membership);
    if (inActivityWindow(generated.conversation.startedAt)) {
      const event: ActivityRow = {
        userId: participant.id,
        kind: generated.kind,
        occurredAt: generated.conversation.startedAt,
      };
      rows.activity.push(event);
    }
  });

  if (volume.profileRows) {
    rows.surveyResponses.push(
      ...generateSurveySchedule(faker, participant, options.surveys, today),
    );
    rows.digitalTwins.push(generateDigitalTwin(faker, participant, today));
    rows.markerMemberships.push(...generateMarkerMemberships(faker, participant, today));
    rows.segments.push(...generateSegments(faker, participant, today));
    rows.clinicalRecords.push(...generateClinicalRecords(faker, participant, today));
  }
  if (options.surgeryRecords) {
    const surgery = generateSurgery(faker, participant, today);
    if (volume.profileRows) rows.surgeries.push(surgery);
    rows.painLogs.push(...painLogsOf(participant, surgery.side, rows.measurements));
  }
  return rows;
}

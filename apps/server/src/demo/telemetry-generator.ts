import type { Faker } from '@faker-js/faker';
import {
  MEASUREMENT_TYPES,
  type MeasurementKey,
  type MeasurementSource,
} from '@recovery-portal/contract/measurements';
import {
  daysSinceSurgery,
  expectedPain,
  recoveryFactor,
  type TimelineParticipant,
} from './programme-plan';
import { atMinute, dayNumber } from './seed-dates';
import { chance, clamp, gaussian, round, STREAM } from './seed-random';
import type { MeasurementRow } from './timeline-types';

const ENGAGEMENT_LOGGING: Record<TimelineParticipant['plan']['engagement'], number> = {
  high: 0.9,
  medium: 0.65,
  low: 0.3,
  none: 0.05,
};

/** Clinic visits for labs fall every four weeks from the day the participant joined. */
const LAB_INTERVAL_DAYS = 28;

function push(
  rows: MeasurementRow[],
  userId: number,
  key: MeasurementKey,
  value: number,
  measuredAt: Date,
  source: MeasurementSource,
) {
  const type = MEASUREMENT_TYPES[key];
  rows.push({ userId, code: type.code, value, unit: type.unit, measuredAt, source });
}

/**
 * One day of home telemetry and, on visit days, clinic labs. Values follow the participant's
 * baselines and recovery curve, with day-to-day noise seeded by the day alone.
 */
export function generateTelemetryDay(
  faker: Faker,
  participant: TimelineParticipant,
  day: Date,
  kinds: 'all' | 'core',
  rows: MeasurementRow[],
): void {
  const { plan, id: userId } = participant;
  if (!plan.telemetry) return;
  const dayNo = dayNumber(day);
  faker.seed([plan.seed, dayNo, STREAM.telemetry]);
  const base = plan.baseline;
  const recovery = recoveryFactor(plan, day);
  const sinceStart = dayNo - dayNumber(plan.startDate);
  const t = daysSinceSurgery(plan, day);
  const logging = ENGAGEMENT_LOGGING[plan.engagement];
  const all = kinds === 'all';

  // The tracker syncs the previous night's sleep in the morning and the day's totals late evening.
  if (plan.tracker && chance(faker, 0.92)) {
    const weekday = new Date(day).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.9 : 1;
    const steps = Math.round(
      Math.max(60, base.steps * recovery * weekend * Math.exp(gaussian(faker, 0, 0.22))),
    );
    const heightStride = (participant.heightCm * 0.415) / 100;
    const stride = round(
      clamp(
        heightStride * (0.82 + 0.18 * Math.min(1, recovery)) + gaussian(faker, 0, 0.015),
        0.45,
        0.9,
      ),
      2,
    );
    const evening = atMinute(day, 22 * 60 + faker.number.int({ min: 0, max: 90 }));
    push(rows, userId, 'steps', steps, evening, 'HOME');
    push(
      rows,
      userId,
      'activityMinutes',
      Math.round(clamp(steps / 105 + gaussian(faker, 0, 6), 0, 240)),
      evening,
      'HOME',
    );
    push(rows, userId, 'distance', round((steps * stride) / 1000, 2), evening, 'HOME');
    // Resting energy (Mifflin–St Jeor, age 65 as a middle) plus walking.
    const resting =
      10 * base.weightKg +
      6.25 * participant.heightCm -
      5 * 65 +
      (participant.gender === 'Female' ? -161 : 5);
    push(rows, userId, 'caloriesOut', Math.round(resting * 1.15 + steps * 0.045), evening, 'HOME');
    if (all) push(rows, userId, 'strideLength', stride, evening, 'HOME');

    const postOpLoss = t >= 0 && t < 21 ? 45 * (1 - t / 21) : 0;
    const sleep = Math.round(clamp(gaussian(faker, base.sleepMinutes - postOpLoss, 35), 180, 600));
    const morning = atMinute(day, 7 * 60 + faker.number.int({ min: 0, max: 90 }));
    push(rows, userId, 'sleepDuration', sleep, morning, 'HOME');
    if (all) {
      const quality = Math.round(clamp((sleep - 240) / 60 + gaussian(faker, 0, 0.6), 1, 5));
      push(rows, userId, 'sleepQuality', quality, morning, 'HOME');
    }
  }

  // Self-reported check-ins in the app.
  const checkIn = atMinute(day, 19 * 60 + faker.number.int({ min: 0, max: 150 }));
  const pain = clamp(Math.round(gaussian(faker, expectedPain(plan, day), 0.9)), 0, 10);
  if (chance(faker, logging * 0.85)) push(rows, userId, 'painScore', pain, checkIn, 'HOME');
  if (chance(faker, logging * 0.8)) {
    const mood = base.mood + 0.4 * Math.min(1, recovery) - 0.12 * (pain - 3);
    push(
      rows,
      userId,
      'mood',
      clamp(Math.round(gaussian(faker, mood, 0.6)), 1, 5),
      checkIn,
      'HOME',
    );
  }
  if (all && chance(faker, logging * 0.6)) {
    const preOpWorry = t < 0 && t > -21 ? 1.5 : 0;
    push(
      rows,
      userId,
      'anxiety',
      clamp(Math.round(gaussian(faker, base.anxiety + preOpWorry, 1.1)), 0, 10),
      checkIn,
      'HOME',
    );
  }

  // A smart scale every few days; weight drifts down slowly with coaching.
  if (plan.hasScale && (dayNo + plan.seed) % 3 === 0 && chance(faker, 0.85)) {
    const weight = round(base.weightKg - 0.012 * sinceStart + gaussian(faker, 0, 0.35), 1);
    const bmi = round(weight / (participant.heightCm / 100) ** 2, 2);
    const at = atMinute(day, 6 * 60 + 30 + faker.number.int({ min: 0, max: 60 }));
    push(rows, userId, 'weight', weight, at, 'HOME');
    push(rows, userId, 'bmi', bmi, at, 'HOME');
  }
  if (plan.highBloodPressureOn?.getTime() === day.getTime()) {
    const at = atMinute(day, 8 * 60 + faker.number.int({ min: 0, max: 45 }));
    // Above the highest systolic limit of any programme (160 mmHg), whatever the noise.
    push(rows, userId, 'systolicBp', faker.number.int({ min: 166, max: 182 }), at, 'HOME');
    push(rows, userId, 'diastolicBp', faker.number.int({ min: 92, max: 104 }), at, 'HOME');
  }
  if (!all) return;

  if (plan.homeBloodPressure && (dayNo + plan.seed) % 2 === 0 && chance(faker, logging + 0.2)) {
    const at = atMinute(day, 8 * 60 + faker.number.int({ min: 0, max: 45 }));
    push(
      rows,
      userId,
      'systolicBp',
      Math.round(gaussian(faker, base.systolic - 0.03 * sinceStart, 7)),
      at,
      'HOME',
    );
    push(
      rows,
      userId,
      'diastolicBp',
      Math.round(gaussian(faker, base.diastolic - 0.015 * sinceStart, 5)),
      at,
      'HOME',
    );
  }
  if (plan.homeGlucose && chance(faker, logging + 0.15)) {
    // Fasting glucose sits a little under the average that HbA1c implies (spec §9 formula).
    const average = base.hba1c * 28.7 - 46.7;
    push(
      rows,
      userId,
      'glucose',
      Math.round(clamp(gaussian(faker, average - 12, 14), 65, 320)),
      atMinute(day, 7 * 60 + 15),
      'HOME',
    );
  }

  if (sinceStart >= 0 && sinceStart % LAB_INTERVAL_DAYS === 5) {
    const at = atMinute(day, 9 * 60 + faker.number.int({ min: 0, max: 150 }));
    const improvement = Math.min(1, sinceStart / 180);
    const hba1c = round(
      clamp(gaussian(faker, base.hba1c - 0.4 * improvement * (base.hba1c - 5.4), 0.1), 4.3, 12),
      1,
    );
    const ldl = Math.round(clamp(gaussian(faker, base.ldl * (1 - 0.1 * improvement), 6), 40, 250));
    const hdl = Math.round(clamp(gaussian(faker, base.hdl, 3), 25, 110));
    const triglycerides = Math.round(
      clamp(gaussian(faker, base.triglycerides * (1 - 0.12 * improvement), 15), 45, 500),
    );
    push(
      rows,
      userId,
      'systolicBp',
      Math.round(gaussian(faker, base.systolic + 3, 6)),
      at,
      'CLINIC',
    );
    push(
      rows,
      userId,
      'diastolicBp',
      Math.round(gaussian(faker, base.diastolic + 2, 4)),
      at,
      'CLINIC',
    );
    push(
      rows,
      userId,
      'glucose',
      Math.round(clamp(gaussian(faker, hba1c * 28.7 - 58, 10), 65, 320)),
      at,
      'CLINIC',
    );
    push(rows, userId, 'hba1c', hba1c, at, 'CLINIC');
    push(rows, userId, 'hdl', hdl, at, 'CLINIC');
    push(rows, userId, 'ldl', ldl, at, 'CLINIC');
    push(rows, userId, 'triglycerides', triglycerides, at, 'CLINIC');
    // Friedewald: total = LDL + HDL + TG/5, so the panel adds up.
    push(rows, userId, 'totalCholesterol', Math.round(ldl + hdl + triglycerides / 5), at, 'CLINIC');
    // The visit's other vitals, drawn last so that the values above stay as they were.
    push(
      rows,
      userId,
      'heartRate',
      Math.round(clamp(gaussian(faker, 72, 7), 48, 110)),
      at,
      'CLINIC',
    );
    push(rows, userId, 'oxygenSaturation', faker.number.int({ min: 95, max: 99 }), at, 'CLINIC');
    push(rows, userId, 'bodyHeight', participant.heightCm, at, 'CLINIC');
  }
}

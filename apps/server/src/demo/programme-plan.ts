import type { Faker } from '@faker-js/faker';
import type { Joint } from '#app/core/surveys/programme-surveys';
import { chance, clamp, gaussian, round, STREAM, weighted } from './seed-random';
import { addDays, daysBetween, maxDate, minDate } from './seed-dates';

export const PROCEDURES = [
  'Total knee replacement',
  'Partial knee replacement',
  'Total hip replacement',
  'Coronary artery bypass graft',
] as const;
export type Procedure = (typeof PROCEDURES)[number];

export type Engagement = 'high' | 'medium' | 'low' | 'none';

/** Findings a coach must escalate; the portal highlights 'chest pain' in red. */
export const SAFETY_FINDINGS = ['chest pain', 'shortness of breath', 'fall', 'fever'] as const;
export type SafetyFinding = (typeof SAFETY_FINDINGS)[number];

/** Who a participant is in the programme: everything the day-by-day generators read. */
export interface ProgrammePlan {
  /** Drives every per-day random stream of this participant. */
  seed: number;
  procedure: Procedure;
  joint: Joint;
  /** UTC midnight; survey timepoints and recovery curves count from here. */
  surgeryDate: Date;
  /** First day with programme data (the day the participant joined). */
  startDate: Date;
  /** Last day with data (a suspended participant stops); null while ongoing. */
  endDate: Date | null;
  engagement: Engagement;
  /** False: never synced a device nor logged anything ('no data' states). */
  telemetry: boolean;
  tracker: string | null;
  hasScale: boolean;
  homeBloodPressure: boolean;
  homeGlucose: boolean;
  /** A safety finding that must appear in a recent conversation (demo coverage). */
  forcedSafetyFinding: SafetyFinding | null;
  /**
   * A day with a home blood pressure reading above every programme's systolic limit, so that
   * threshold flags appear in the demo whatever day it is seeded on (demo coverage).
   */
  highBloodPressureOn: Date | null;
  /**
   * One of those who do not improve: their questionnaires, pain check-ins, step counts and coach
   * conversations all tell that story, so the portal never shows a recovery that contradicts itself.
   */
  slowRecovery: boolean;
  baseline: {
    weightKg: number;
    steps: number;
    sleepMinutes: number;
    painPreOp: number;
    anxiety: number;
    mood: number;
    systolic: number;
    diastolic: number;
    hba1c: number;
    ldl: number;
    hdl: number;
    triglycerides: number;
  };
  conditions: string[];
  medications: string[];
}

/** The participant as the timeline generators need them (a users row plus the plan). */
export interface TimelineParticipant {
  id: number;
  firstName: string;
  lastName: string;
  gender: string;
  /** YYYY-MM-DD */
  birthDate: string;
  heightCm: number;
  plan: ProgrammePlan;
}

export interface PlanInput {
  seed: number;
  /** The day the data is 'as of'; surgery and joining dates are placed around it. */
  today: Date;
  gender: string;
  ageYears: number;
  heightCm: number;
  /** The user group, which decides the procedure ('Hip Recovery' → hip replacement …). */
  groupName: string | null;
  tracker: string | null;
  surgeryDate?: Date;
  startDate?: Date;
  endDate?: Date | null;
  engagement?: Engagement;
  telemetry?: boolean;
  forcedSafetyFinding?: SafetyFinding | null;
  highBloodPressureOn?: Date | null;
}

function procedureFor(faker: Faker, groupName: string | null): Procedure {
  if (groupName === 'Knee Recovery') {
    return weighted(faker, [
      ['Total knee replacement', 80],
      ['Partial knee replacement', 20],
    ]);
  }
  if (groupName === 'Hip Recovery') return 'Total hip replacement';
  if (groupName === 'Cardiac Rehab') return 'Coronary artery bypass graft';
  // Internal participants ('CZ') and unknown groups get the programme's usual mix.
  return weighted(faker, [
    ['Total knee replacement', 50],
    ['Partial knee replacement', 10],
    ['Total hip replacement', 35],
    ['Coronary artery bypass graft', 5],
  ]);
}

export function jointOf(procedure: Procedure): Joint {
  if (procedure === 'Total hip replacement') return 'hip';
  if (procedure === 'Coronary artery bypass graft') return 'heart';
  return 'knee';
}

/** Days from today to surgery: a spread over the year-long schedule, a few still pre-op. */
function surgeryOffset(faker: Faker): number {
  const band = weighted(faker, [
    [[3, 25], 10],
    [[-42, -1], 20],
    [[-91, -43], 20],
    [[-182, -92], 20],
    [[-365, -183], 20],
    [[-420, -366], 10],
  ] as const);
  return faker.number.int({ min: band[0], max: band[1] });
}

const CONDITIONS = [
  ['Osteoarthritis', 0.85],
  ['Hypertension', 0.45],
  ['Type 2 diabetes', 0.18],
  ['Prediabetes', 0.2],
  ['Hyperlipidaemia', 0.35],
  ['Obesity', 0.3],
  ['Obstructive sleep apnoea', 0.1],
  ['Depression', 0.12],
  ['Hypothyroidism', 0.08],
] as const;

/**
 * Decides a participant's programme: procedure, dates, engagement and physiological baselines.
 * Deterministic for a given seed and input; the simulation calls it for an enrolled participant.
 */
export function planProgramme(faker: Faker, input: PlanInput): ProgrammePlan {
  faker.seed([input.seed, 0, STREAM.plan]);
  const procedure = procedureFor(faker, input.groupName);
  const joint = jointOf(procedure);
  const surgeryDate = input.surgeryDate ?? addDays(input.today, surgeryOffset(faker));
  const lead = faker.number.int({ min: 14, max: 35 });
  const startDate =
    input.startDate ?? minDate(addDays(surgeryDate, -lead), addDays(input.today, -2));
  let endDate = input.endDate ?? null;
  if (endDate) endDate = maxDate(endDate, startDate);

  const heightM = input.heightCm / 100;
  const bmi = clamp(gaussian(faker, 29.5, 4.5), 20, 45);
  const conditions: string[] = CONDITIONS.filter(([, p]) => chance(faker, p)).map(([c]) => c);
  if (joint === 'heart' && !conditions.includes('Coronary artery disease')) {
    conditions.push('Coronary artery disease');
  }
  if (conditions.includes('Type 2 diabetes')) {
    const i = conditions.indexOf('Prediabetes');
    if (i >= 0) conditions.splice(i, 1);
  }
  if (bmi >= 30 && !conditions.includes('Obesity')) conditions.push('Obesity');
  const diabetic = conditions.includes('Type 2 diabetes');
  const prediabetic = conditions.includes('Prediabetes');
  const hypertensive = conditions.includes('Hypertension');

  const medications = ['Paracetamol 1 g up to four times daily'];
  if (joint !== 'heart') medications.push('Celecoxib 200 mg once daily');
  if (diabetic) medications.push('Metformin 500 mg twice daily');
  if (hypertensive)
    medications.push(faker.helpers.arrayElement(['Lisinopril 10 mg', 'Amlodipine 5 mg']));
  if (conditions.includes('Hyperlipidaemia') || joint === 'heart')
    medications.push('Atorvastatin 20 mg');
  if (conditions.includes('Hypothyroidism')) medications.push('Levothyroxine 75 mcg');
  if (joint === 'heart') medications.push('Aspirin 81 mg', 'Metoprolol 25 mg twice daily');

  const age = input.ageYears;
  const engagement =
    input.engagement ??
    weighted(faker, [
      ['high', 30],
      ['medium', 44],
      ['low', 20],
      ['none', 6],
    ] as const);

  const plan: ProgrammePlan = {
    seed: input.seed,
    procedure,
    joint,
    surgeryDate,
    startDate,
    endDate,
    engagement,
    telemetry: input.telemetry ?? !chance(faker, 0.03),
    tracker: input.tracker,
    hasScale: chance(faker, 0.75),
    homeBloodPressure: hypertensive ? chance(faker, 0.6) : chance(faker, 0.1),
    homeGlucose: diabetic ? chance(faker, 0.7) : false,
    forcedSafetyFinding: input.forcedSafetyFinding ?? null,
    highBloodPressureOn: input.highBloodPressureOn ?? null,
    slowRecovery: false,
    baseline: {
      weightKg: round(bmi * heightM * heightM, 1),
      steps: Math.round(clamp(gaussian(faker, 6500 - (age - 60) * 60, 1800), 1500, 12_000)),
      sleepMinutes: Math.round(clamp(gaussian(faker, 415, 40), 300, 520)),
      painPreOp:
        joint === 'heart'
          ? clamp(gaussian(faker, 2, 1), 0, 5)
          : clamp(gaussian(faker, 6, 1.3), 3, 9),
      anxiety: clamp(gaussian(faker, 3.5, 1.5), 0, 8),
      mood: clamp(gaussian(faker, 3.5, 0.5), 2, 4.6),
      systolic: Math.round(clamp(gaussian(faker, hypertensive ? 142 : 124, 9), 100, 175)),
      diastolic: Math.round(clamp(gaussian(faker, hypertensive ? 88 : 78, 6), 60, 105)),
      hba1c: round(
        diabetic
          ? clamp(gaussian(faker, 7.4, 0.7), 6.5, 9.8)
          : prediabetic
            ? clamp(gaussian(faker, 6.0, 0.2), 5.7, 6.4)
            : clamp(gaussian(faker, 5.3, 0.2), 4.6, 5.6),
        1,
      ),
      ldl: Math.round(
        clamp(gaussian(faker, conditions.includes('Hyperlipidaemia') ? 140 : 110, 22), 55, 210),
      ),
      hdl: Math.round(clamp(gaussian(faker, input.gender === 'Female' ? 58 : 47, 9), 28, 95)),
      triglycerides: Math.round(clamp(gaussian(faker, diabetic ? 185 : 135, 35), 60, 400)),
    },
    conditions,
    medications,
  };
  // Last: it reseeds the faker, and every draw above keeps its place in the plan's stream.
  plan.slowRecovery = isNotImproving(faker, input.seed);
  return plan;
}

/**
 * Share of participants who do not improve. About one in seven patients does not reach an
 * acceptable symptom state two years after joint replacement: 14.2% for KOOS JR after TKA and
 * 16.9% for HOOS JR after THA (Kunze et al., J Bone Joint Surg Am 2022;104(4):345-352).
 */
export const NOT_IMPROVING_SHARE = 0.15;

/** Whether the participant is one of those who do not improve (fixed per participant). */
export function isNotImproving(faker: Faker, seed: number): boolean {
  faker.seed([seed, 0, STREAM.surveys, 1]);
  return chance(faker, NOT_IMPROVING_SHARE);
}

/** Days since surgery on the given day (negative before it). */
export function daysSinceSurgery(plan: ProgrammePlan, day: Date): number {
  return daysBetween(plan.surgeryDate, day);
}

/**
 * Share of the pre-operative activity level a participant manages on a given day after surgery:
 * near nothing in hospital, a steady climb through six weeks, a little beyond baseline by a year.
 */
export function recoveryFactor(plan: ProgrammePlan, day: Date): number {
  const t = daysSinceSurgery(plan, day);
  if (t < 0) return 1;
  if (t < 3) return 0.08 + 0.03 * t;
  if (plan.slowRecovery) {
    // Demo shape, not clinical data: activity stalls well short of where it was before surgery.
    if (t <= 42) return 0.15 + 0.4 * (t / 42);
    return 0.55 + 0.15 * (1 - Math.exp(-(t - 42) / 90));
  }
  if (t <= 42) return 0.15 + 0.65 * (t / 42);
  return 0.8 + 0.35 * (1 - Math.exp(-(t - 42) / 60));
}

/** Expected pain (0–10) on a given day: high before surgery, a post-op peak, then easing. */
export function expectedPain(plan: ProgrammePlan, day: Date): number {
  const t = daysSinceSurgery(plan, day);
  if (t < 0) return plan.baseline.painPreOp;
  // Demo shape: those who do not improve ease slowly and settle near where they started.
  if (plan.joint === 'heart') {
    return plan.slowRecovery ? 3 + 3 * Math.exp(-t / 60) : 1 + 4.5 * Math.exp(-t / 20);
  }
  if (plan.slowRecovery) return Math.max(plan.baseline.painPreOp - 1.5, 4) + 2 * Math.exp(-t / 35);
  return 1.2 + 6.3 * Math.exp(-t / 35);
}

/** Named phase of the programme on a given day, used by nudges, twins and segments. */
export type Phase = 'pre-op' | 'early' | 'mid' | 'late';
export function phaseOn(plan: ProgrammePlan, day: Date): Phase {
  const t = daysSinceSurgery(plan, day);
  if (t < 0) return 'pre-op';
  if (t < 42) return 'early';
  if (t < 182) return 'mid';
  return 'late';
}

import type { Faker } from '@faker-js/faker';
import type { ClinicalRecordCategory } from '@recovery-portal/contract/clinical-records';
import {
  daysSinceSurgery,
  expectedPain,
  phaseOn,
  type TimelineParticipant,
} from './programme-plan';
import { addDays, daysBetween, isoDate, maxDate } from './seed-dates';
import { chance, clamp, round, STREAM } from './seed-random';
import type {
  ClinicalRecordRow,
  DigitalTwinRow,
  MarkerMembershipRow,
  SegmentRow,
} from './timeline-types';

function ageOn(birthDate: string, day: Date): number {
  return Math.floor(daysBetween(new Date(`${birthDate}T00:00:00Z`), day) / 365.25);
}

const GOALS: Record<TimelineParticipant['plan']['joint'], readonly string[]> = {
  knee: [
    'Walk 30 minutes without a cane',
    'Climb stairs step over step',
    'Return to gardening',
    'Kneel to play with grandchildren',
    'Play nine holes of golf',
  ],
  hip: [
    'Walk to the shops without a stick',
    'Put on socks and shoes independently',
    'Return to swimming',
    'Get in and out of the car easily',
  ],
  heart: [
    'Complete the cardiac rehab programme',
    'Walk 30 minutes five days a week',
    'Stop smoking for good',
    'Lower blood pressure below 130/80',
  ],
};

/** The coach model's picture of the participant as of `today` (shown as JSON in the portal). */
export function generateDigitalTwin(
  faker: Faker,
  participant: TimelineParticipant,
  today: Date,
): DigitalTwinRow {
  const { plan } = participant;
  faker.seed([plan.seed, 0, STREAM.twin]);
  const age = ageOn(participant.birthDate, today);
  const bmi = round(plan.baseline.weightKg / (participant.heightCm / 100) ** 2, 1);
  const engagementScore = { high: 0.85, medium: 0.6, low: 0.3, none: 0.05 }[plan.engagement];
  const risk = (base: number) =>
    round(clamp(base + faker.number.float({ min: -0.08, max: 0.08 }), 0.01, 0.99), 2);
  return {
    userId: participant.id,
    updatedAt: today,
    data: {
      profile: {
        first_name: participant.firstName,
        age,
        gender: participant.gender,
        height_cm: participant.heightCm,
        weight_kg: plan.baseline.weightKg,
        bmi,
      },
      programme: {
        procedure: plan.procedure,
        surgery_date: isoDate(plan.surgeryDate),
        enrolled_on: isoDate(plan.startDate),
        days_since_surgery: daysSinceSurgery(plan, today),
        phase: phaseOn(plan, today),
        tracker: plan.tracker,
      },
      goals: faker.helpers.arrayElements(GOALS[plan.joint], { min: 1, max: 3 }),
      conditions: plan.conditions,
      medications: plan.medications,
      preferences: {
        contact_time: faker.helpers.arrayElement(['morning', 'afternoon', 'evening']),
        channel: faker.helpers.arrayElement(['app chat', 'phone call', 'app chat']),
        language: 'en',
        nudge_frequency: faker.helpers.arrayElement(['daily', 'every other day', 'weekly']),
        motivators: faker.helpers.arrayElements(
          ['family', 'independence', 'hobbies', 'travel', 'work', 'pets'],
          { min: 1, max: 2 },
        ),
        barriers: faker.helpers.arrayElements(
          ['pain', 'fatigue', 'transport', 'weather', 'time', 'low confidence'],
          { min: 0, max: 2 },
        ),
      },
      engagement: {
        level: plan.engagement,
        score: engagementScore,
        preferred_activity: faker.helpers.arrayElement([
          'walking',
          'stationary bike',
          'swimming',
          'home exercises',
        ]),
      },
      baselines: {
        daily_steps: plan.baseline.steps,
        sleep_minutes: plan.baseline.sleepMinutes,
        pain_score: round(expectedPain(plan, today), 1),
        systolic_bp: plan.baseline.systolic,
        hba1c: plan.baseline.hba1c,
      },
      risk_scores: {
        readmission: risk(plan.joint === 'heart' ? 0.18 : 0.08),
        fall: risk(age >= 75 ? 0.35 : 0.12),
        non_adherence: risk(1 - engagementScore),
        depression: risk(plan.conditions.includes('Depression') ? 0.45 : 0.12),
      },
    },
  };
}

const MEMBERSHIP_CANDIDATES: readonly {
  type: string;
  topic: string;
  marker: string;
  applies: (p: TimelineParticipant) => boolean;
}[] = [
  {
    type: 'Clinical',
    topic: 'Pain',
    marker: 'Pain above 5/10',
    applies: (p) => p.plan.joint !== 'heart',
  },
  {
    type: 'Clinical',
    topic: 'Blood pressure',
    marker: 'Systolic above 140 mmHg',
    applies: (p) => p.plan.baseline.systolic >= 135,
  },
  {
    type: 'Clinical',
    topic: 'Glucose',
    marker: 'HbA1c above 6.5%',
    applies: (p) => p.plan.baseline.hba1c >= 6.5,
  },
  {
    type: 'Clinical',
    topic: 'Weight',
    marker: 'BMI 30 or above',
    applies: (p) => p.plan.conditions.includes('Obesity'),
  },
  {
    type: 'Behavioural',
    topic: 'Sleep',
    marker: 'Sleeping under 6 hours',
    applies: (p) => p.plan.baseline.sleepMinutes < 400,
  },
  {
    type: 'Behavioural',
    topic: 'Mobility',
    marker: 'Steps below 3,000 a day',
    applies: () => true,
  },
  {
    type: 'Behavioural',
    topic: 'Medication',
    marker: 'Missed doses this week',
    applies: () => true,
  },
  {
    type: 'Engagement',
    topic: 'App use',
    marker: 'No app session for 3 days',
    applies: (p) => p.plan.engagement !== 'high',
  },
  { type: 'Engagement', topic: 'Surveys', marker: 'Survey overdue', applies: () => true },
  {
    type: 'Mood',
    topic: 'Wellbeing',
    marker: 'Low mood reported',
    applies: (p) => p.plan.conditions.includes('Depression') || p.plan.engagement === 'low',
  },
];

/**
 * Marker memberships over date ranges: some ended in the past, some covering today, and a few
 * without type or topic (the portal shows '-').
 */
export function generateMarkerMemberships(
  faker: Faker,
  participant: TimelineParticipant,
  today: Date,
): MarkerMembershipRow[] {
  const { plan } = participant;
  faker.seed([plan.seed, 1, STREAM.markers]);
  const rows: MarkerMembershipRow[] = [];
  const span = Math.max(1, daysBetween(plan.startDate, today));
  for (const candidate of MEMBERSHIP_CANDIDATES) {
    if (!candidate.applies(participant) || !chance(faker, 0.45)) continue;
    const anonymous = chance(faker, 0.06);
    const startOffset = faker.number.int({ min: 0, max: span });
    const from = addDays(plan.startDate, startOffset);
    const current = chance(faker, 0.55);
    const to = current
      ? chance(faker, 0.5)
        ? null
        : addDays(today, faker.number.int({ min: 1, max: 30 }))
      : addDays(from, faker.number.int({ min: 1, max: Math.max(1, daysBetween(from, today) - 1) }));
    rows.push({
      userId: participant.id,
      type: anonymous ? null : candidate.type,
      topic: anonymous ? null : candidate.topic,
      markerName: candidate.marker,
      validFrom: isoDate(
        current ? maxDate(addDays(today, -startOffset % 20), plan.startDate) : from,
      ),
      validTo: to ? isoDate(to) : null,
    });
  }
  return rows;
}

/** Segments: the programme phases over time plus behaviour and risk groups. */
export function generateSegments(
  faker: Faker,
  participant: TimelineParticipant,
  today: Date,
): SegmentRow[] {
  const { plan } = participant;
  faker.seed([plan.seed, 2, STREAM.markers]);
  const userId = participant.id;
  const rows: SegmentRow[] = [];
  const surgery = plan.surgeryDate;
  const phases: [string, number, number | null][] = [
    ['Pre-op', -365, -1],
    ['Post-op weeks 0–6', 0, 41],
    ['Post-op week 6', 42, 90],
    ['Post-op month 3', 91, 181],
    ['Post-op month 6', 182, 364],
    ['Post-op month 12', 365, null],
  ];
  for (const [name, fromDay, toDay] of phases) {
    const from = maxDate(addDays(surgery, fromDay), plan.startDate);
    const to = toDay === null ? null : addDays(surgery, toDay);
    if (from > today || (to && to < plan.startDate)) continue;
    rows.push({ userId, name, validFrom: isoDate(from), validTo: to ? isoDate(to) : null });
  }
  const start = isoDate(plan.startDate);
  const engagement = {
    high: 'High engagement',
    medium: 'Moderate engagement',
    low: 'Low engagement',
    none: 'Disengaged',
  }[plan.engagement];
  rows.push({
    userId,
    name: engagement,
    validFrom: isoDate(maxDate(addDays(today, -21), plan.startDate)),
    validTo: null,
  });
  if (plan.baseline.sleepMinutes < 400)
    rows.push({ userId, name: 'Sleep concerns', validFrom: start, validTo: null });
  if (plan.conditions.includes('Obesity'))
    rows.push({ userId, name: 'Weight management', validFrom: start, validTo: null });
  if (plan.baseline.hba1c >= 5.7)
    rows.push({ userId, name: 'Diabetes risk', validFrom: start, validTo: null });
  if (ageOn(participant.birthDate, today) >= 75)
    rows.push({ userId, name: 'Fall risk', validFrom: start, validTo: null });
  if (plan.tracker === null)
    rows.push({ userId, name: 'No tracker connected', validFrom: start, validTo: null });
  if (chance(faker, 0.2)) {
    const from = addDays(today, -faker.number.int({ min: 20, max: 60 }));
    rows.push({
      userId,
      name: 'Needs coach follow-up',
      validFrom: isoDate(maxDate(from, plan.startDate)),
      validTo: isoDate(addDays(from, 14)),
    });
  }
  return rows;
}

type RecordTemplate = readonly [title: string, detail: string | null];

const RECORDS: Record<
  ClinicalRecordCategory,
  (p: TimelineParticipant) => readonly RecordTemplate[]
> = {
  LAB_RESULT: (p) => [
    ['Complete blood count', 'Haemoglobin 13.1 g/dL, white cells 7.2 ×10⁹/L, platelets 245 ×10⁹/L'],
    ['Basic metabolic panel', 'Sodium 139 mmol/L, potassium 4.2 mmol/L, creatinine 0.9 mg/dL'],
    ['HbA1c', `${p.plan.baseline.hba1c} %`],
    ['Lipid panel', `LDL ${p.plan.baseline.ldl} mg/dL, HDL ${p.plan.baseline.hdl} mg/dL`],
    ['Coagulation screen', 'INR 1.0, APTT 30 s'],
  ],
  MEDICATION: (p) => p.plan.medications.map((m) => [m, 'Active'] as const),
  ALLERGY: () => [
    ['Penicillin', 'Rash'],
    ['Sulfonamides', 'Hives'],
    ['Latex', 'Contact dermatitis'],
    ['Codeine', 'Nausea and vomiting'],
    ['Shellfish', 'Swelling of the lips'],
  ],
  ED_VISIT: (p) => [
    [
      `${p.plan.joint === 'heart' ? 'Chest wound' : p.plan.joint === 'hip' ? 'Hip' : 'Knee'} pain and swelling`,
      'Discharged with analgesia; no DVT on ultrasound',
    ],
    ['Fall at home', 'No fracture on X-ray; discharged'],
    ['Constipation', 'Treated with laxatives; discharged'],
  ],
  CONSULT: (p) => [
    [
      p.plan.joint === 'heart' ? 'Cardiothoracic surgery' : 'Orthopaedic surgery',
      `Listed for ${p.plan.procedure.toLowerCase()}`,
    ],
    ['Physiotherapy assessment', 'Home exercise programme issued'],
    ['Pre-operative anaesthesia assessment', 'Fit for surgery'],
    ['Dietitian', 'Weight and nutrition advice'],
  ],
  HOSPITALIZATION: (p) => [[`${p.plan.procedure}`, 'Admitted for surgery; length of stay 2 days']],
};

const RECORD_CHANCE: Record<ClinicalRecordCategory, number> = {
  LAB_RESULT: 0.9,
  MEDICATION: 0.95,
  ALLERGY: 0.45,
  ED_VISIT: 0.15,
  CONSULT: 0.85,
  HOSPITALIZATION: 0.8,
};

/** Records for the left-panel cards; most participants have most categories, a few none. */
export function generateClinicalRecords(
  faker: Faker,
  participant: TimelineParticipant,
  today: Date,
): ClinicalRecordRow[] {
  const { plan } = participant;
  faker.seed([plan.seed, 0, STREAM.records]);
  if (chance(faker, 0.08)) return [];
  const rows: ClinicalRecordRow[] = [];
  for (const category of Object.keys(RECORDS) as ClinicalRecordCategory[]) {
    if (!chance(faker, RECORD_CHANCE[category])) continue;
    const templates = RECORDS[category](participant);
    const picked =
      category === 'MEDICATION' || category === 'HOSPITALIZATION'
        ? templates
        : faker.helpers.arrayElements(templates, { min: 1, max: Math.min(3, templates.length) });
    for (const [title, detail] of picked) {
      const recorded =
        category === 'HOSPITALIZATION'
          ? plan.surgeryDate
          : addDays(plan.startDate, -faker.number.int({ min: 0, max: 200 }));
      if (recorded > today) continue;
      rows.push({ userId: participant.id, category, title, detail, recordedOn: isoDate(recorded) });
    }
  }
  return rows;
}

import {
  OUTCOME_RATE_LABELS,
  programmeOutcomesFilterText,
  type ProgrammeMeasure,
  type ProgrammeOutcomes,
  type ProgrammeOutcomesQuery,
} from '@recovery-portal/contract/programme-outcomes';
import { CSV_BOM, csvRow, type CsvValue } from '#app/lib/csv';

/** The CSV's columns after its comment lines: one figure per row. */
export const PROGRAMME_CSV_HEADER = [
  'section',
  'measure',
  'timepoint',
  'figure',
  'value',
  'of',
  'note',
] as const;

function measureRows(measure: ProgrammeMeasure): CsvValue[][] {
  const rows: CsvValue[][] = [];
  for (const point of measure.points) {
    rows.push(['scores', measure.measure, point.timepoint, 'n', point.n, null, null]);
    for (const [figure, value] of [
      ['p25', point.p25],
      ['median', point.median],
      ['p75', point.p75],
    ] as const) {
      rows.push(['scores', measure.measure, point.timepoint, figure, value, null, null]);
    }
  }
  for (const rate of measure.rates) {
    const published = rate.published.map((p) => `${p.text} (${p.cite})`).join('; ');
    rows.push([
      'rate',
      measure.measure,
      rate.timepoint,
      `${rate.kind} ${rate.threshold} reached (%)`,
      rate.percent,
      rate.eligible,
      published ? `${rate.reached} reached. Published: ${published}` : `${rate.reached} reached`,
    ]);
  }
  for (const item of measure.completion) {
    rows.push([
      'completion',
      measure.measure,
      item.timepoint,
      'submitted (%)',
      item.percent,
      item.due,
      `${item.submitted} of ${item.due} due submitted`,
    ]);
  }
  return rows;
}

/**
 * The programme view as CSV (UTF-8 with BOM): comment lines ('# …', one cell each) with the
 * filters, when it was made and whether demo data is counted, then one figure per row. Every
 * line goes through csvRow, so a group name cannot start a formula.
 */
export function programmeOutcomesCsv(
  figures: ProgrammeOutcomes,
  query: ProgrammeOutcomesQuery,
  generatedAt: Date,
): string {
  const comments = [
    `# Programme outcomes generated ${generatedAt.toISOString()}`,
    `# Filters: ${programmeOutcomesFilterText(query)}`,
    `# Participants: ${figures.participants}${figures.demo ? ' · includes demo data written by the demo generator' : ''}`,
    '# Quartiles only where at least 10 participants have a score at the timepoint.',
  ];
  const behindRows = figures.behind.map((row): CsvValue[] => [
    'not improving as expected',
    row.measure,
    row.latest_timepoint,
    `participant ${row.user_id}`,
    row.latest_score,
    null,
    [
      `improvement from PreOp ${row.improvement ?? 'n/a'}`,
      `short of ${row.short_of.map((item) => `${item.kind} ${item.threshold}`).join(' and ')}`,
      `flag ${row.flag_status ?? 'none'}`,
    ].join('; '),
  ]);
  return (
    CSV_BOM +
    comments.map((line) => csvRow([line])).join('') +
    csvRow(PROGRAMME_CSV_HEADER) +
    figures.measures
      .flatMap(measureRows)
      .concat(behindRows)
      .map((row) => csvRow(row))
      .join('')
  );
}

const FILTER_EXTENSION = 'urn:recovery-portal:programme-outcomes:filters';
const DEMO_EXTENSION = 'urn:recovery-portal:programme-outcomes:demo-data';

const concept = (text: string) => ({ text });
const population = (code: string, count: number) => ({
  code: {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/measure-population', code: code }],
  },
  count,
});

function statisticGroup(measure: ProgrammeMeasure, statistic: 'p25' | 'median' | 'p75') {
  return {
    code: concept(`${measure.label} ${statistic} by timepoint`),
    stratifier: [
      {
        code: [concept('timepoint')],
        stratum: measure.points.map((point) => ({
          value: concept(point.timepoint),
          population: [population('initial-population', point.n)],
          ...(point[statistic] === null ? {} : { measureScore: { value: point[statistic] } }),
        })),
      },
    ],
  };
}

/** One FHIR R4 MeasureReport (summary) of a score: quartiles per timepoint, rates, completion. */
function measureReport(
  measure: ProgrammeMeasure,
  query: ProgrammeOutcomesQuery,
  figures: ProgrammeOutcomes,
  generatedAt: Date,
) {
  const period = {
    ...(query.surgery_from ? { start: query.surgery_from } : {}),
    end: query.surgery_to || generatedAt.toISOString().slice(0, 10),
  };
  return {
    resourceType: 'MeasureReport',
    status: 'complete',
    type: 'summary',
    measure: `urn:recovery-portal:measure:${measure.measure}`,
    date: generatedAt.toISOString(),
    period,
    extension: [
      { url: FILTER_EXTENSION, valueString: programmeOutcomesFilterText(query) },
      { url: DEMO_EXTENSION, valueBoolean: figures.demo },
    ],
    improvementNotation: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/measure-improvement-notation',
          code: measure.higher_is_better ? 'increase' : 'decrease',
        },
      ],
    },
    group: [
      statisticGroup(measure, 'p25'),
      statisticGroup(measure, 'median'),
      statisticGroup(measure, 'p75'),
      ...measure.rates.map((rate) => ({
        code: concept(`${OUTCOME_RATE_LABELS[rate.kind]} (${rate.kind} ${rate.threshold})`),
        population: [
          population('denominator', rate.eligible),
          population('numerator', rate.reached),
        ],
        ...(rate.percent === null ? {} : { measureScore: { value: rate.percent, unit: '%' } }),
      })),
      {
        code: concept('Questionnaires submitted of those due, by timepoint'),
        stratifier: [
          {
            code: [concept('timepoint')],
            stratum: measure.completion.map((item) => ({
              value: concept(item.timepoint),
              population: [
                population('denominator', item.due),
                population('numerator', item.submitted),
              ],
              ...(item.percent === null
                ? {}
                : { measureScore: { value: item.percent, unit: '%' } }),
            })),
          },
        ],
      },
    ],
  };
}

/** The programme view as a FHIR R4 collection Bundle of one MeasureReport per score. */
export function programmeOutcomesFhir(
  figures: ProgrammeOutcomes,
  query: ProgrammeOutcomesQuery,
  generatedAt: Date,
) {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: generatedAt.toISOString(),
    entry: figures.measures.map((measure) => ({
      resource: measureReport(measure, query, figures, generatedAt),
    })),
  };
}

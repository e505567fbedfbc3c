import { formatMeasureValue } from '@recovery-portal/contract/instruments';
import {
  anchorText,
  cohortPointText,
  percentileText,
  tooFewText,
} from '@recovery-portal/contract/outcome-reference';
import {
  formatImprovement,
  OUTCOME_STATUS_LABELS,
  type OutcomeSurvey,
} from '@recovery-portal/contract/outcomes';
import {
  measureReferences,
  PUBLISHED_ANCHORS,
  PUBLISHED_REFERENCE_NOTES,
} from '@recovery-portal/contract/published-outcomes';
import { MARKER_LEGEND_ORDER, OUTCOME_MARKERS } from '@recovery-portal/contract/outcome-markers';
import type { Content } from 'pdfmake';
import { CHART_HEIGHT, CHART_WIDTH, markerSvg, outcomeChartSvg } from './outcome-chart-svg';
import { day, heading, note, table } from './report-blocks';
import type { ReportData } from './report-data';

/** What is drawn besides the scores, and where it comes from: the clinic, then publications. */
function referenceLines(survey: OutcomeSurvey): string[] {
  const cohort = survey.cohort
    ? [
        `Shaded box and bar: ${survey.cohort.label}.`,
        ...survey.cohort.points
          .filter((point) => point.median !== null)
          .map((point) => cohortPointText(survey, point)),
        tooFewText(survey),
      ]
    : [survey.cohort_note];
  const thresholds = [
    survey.mcid
      ? `MCID ${survey.mcid.value}: improvement from PreOp, judged from 3 Months.`
      : `No published MCID is entered for ${survey.label}.`,
    survey.pass
      ? `PASS ${survey.pass.value}: judged from 6 Months.`
      : `No published PASS is entered for ${survey.label}.`,
    survey.scb ? `Substantial clinical benefit ${survey.scb.value}: improvement from PreOp.` : null,
  ];
  return [
    ...cohort,
    ...thresholds,
    ...PUBLISHED_ANCHORS[survey.measure].map(
      (anchor) => `Hollow square with whiskers: ${anchorText(anchor)}.`,
    ),
    PUBLISHED_REFERENCE_NOTES[survey.measure],
  ].filter((line): line is string => line !== null);
}

/** Each publication once, with what the chart takes from it. */
function sources(survey: OutcomeSurvey): Content[] {
  return measureReferences(survey.measure).map((reference) =>
    note(`${reference.cite} (${reference.figures.join('; ')}): ${reference.source}`),
  );
}

const LEGEND_ICON = 10;

/** The chart's legend: the contract's shapes and words, as the screen's legend shows them. */
function markerLegend(): Content {
  return {
    table: {
      widths: [LEGEND_ICON, '*'],
      body: MARKER_LEGEND_ORDER.map((kind) => [
        {
          svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${LEGEND_ICON}" height="${LEGEND_ICON}">${markerSvg(kind, LEGEND_ICON / 2, LEGEND_ICON / 2)}</svg>`,
          width: LEGEND_ICON,
          height: LEGEND_ICON,
        },
        { text: OUTCOME_MARKERS[kind].label, style: 'note' },
      ]),
    },
    layout: 'noBorders',
    margin: [0, 2, 0, 4],
  };
}

function outcomeBlock(survey: OutcomeSurvey): Content {
  const rows = survey.points.map((point, index) => [
    point.label,
    point.score === null
      ? point.not_scorable_reason
        ? `not scorable: ${point.not_scorable_reason}`
        : '-'
      : formatMeasureValue(survey.measure, point.score),
    formatImprovement(survey, point.improvement),
    point.status ? OUTCOME_STATUS_LABELS[point.status] : '-',
    percentileText(survey.cohort?.points[index]),
    day(point.submitted_on),
  ]);
  return {
    stack: [
      {
        // A chart read without its legend, or a heading left alone at a page's foot, misleads:
        // the three move to the next page together.
        unbreakable: true,
        stack: [
          { text: `${survey.name} (${survey.scale_text})`, style: 'h3', margin: [0, 8, 0, 4] },
          { svg: outcomeChartSvg(survey), width: CHART_WIDTH, height: CHART_HEIGHT },
          markerLegend(),
        ],
      },
      table(
        [
          'Timepoint',
          'Score',
          'Change from PreOp',
          'Against MCID / PASS',
          'Clinic percentile',
          'Submitted',
        ],
        rows,
        [50, '*', 72, 135, 50, 52],
      ),
      ...referenceLines(survey).map(note),
      { text: 'Sources', style: 'note', bold: true, margin: [0, 2, 0, 2] },
      ...sources(survey),
    ],
  };
}

/** The outcome scores section: a chart and table per published score. */
export function outcomeScores({ outcomes }: ReportData): Content[] {
  const charted = outcomes.surveys.filter((survey) =>
    survey.points.some((point) => point.score !== null),
  );
  return [
    heading('Outcome scores'),
    note(
      "Scores as the instruments publish them, held against the published minimal clinically important difference (MCID), patient-acceptable symptom state (PASS) and substantial clinical benefit (SCB), next to this clinic's comparable patients and the published means that exist. No publication gives these scores at 6 weeks, 3 and 6 months, so no published curve is drawn.",
    ),
    ...(charted.length === 0 ? [note('No outcome score has been submitted yet.')] : []),
    ...charted.map(outcomeBlock),
  ];
}

import { formatMeasureValue } from '@recovery-portal/contract/instruments';
import {
  markerPoints,
  niceTicks,
  OUTCOME_MARKERS,
  type MarkerKind,
} from '@recovery-portal/contract/outcome-markers';
import { anchorIn, chartColumns } from '@recovery-portal/contract/outcome-reference';
import { mcidTarget, scbTarget, type OutcomeSurvey } from '@recovery-portal/contract/outcomes';

/**
 * One published score over the five timepoints as an SVG the PDF draws as vectors: what the
 * outcome chart on the details page shows (the instrument's whole scale, the PASS dashed, the
 * PreOp score plus the MCID dotted and plus the SCB dash-dotted, each judged score with its own
 * marker, the same shapes as on screen), the clinic's median and middle half of comparable patients as a box per timepoint
 * (only where there are enough), and published means as points with their SD, never joined:
 * no published curve exists for these timepoints (decision record 0016).
 */

export const CHART_WIDTH = 480;
export const CHART_HEIGHT = 190;
const PLOT = { left: 44, right: 120, top: 14, bottom: 40 } as const;
/** Roboto's average glyph width, in ems: enough to tell whether an axis title fits. */
const GLYPH_EM = 0.52;
const FONT_SIZE = 8;
/** Vertical room one reference label needs. */
const LABEL_GAP = 10;

/** Marker colours chosen to stay apart in greyscale print too (shape carries the meaning). */
export const MARKER_COLOURS = {
  line: '#1565c0',
  improving: '#2e7d32',
  notImproving: '#c62828',
  reference: '#555555',
  grid: '#d0d0d0',
  text: '#333333',
  band: '#c9d7ea',
  median: '#5a6f8c',
  anchor: '#6a1b9a',
} as const;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const fixed = (n: number) => n.toFixed(1);

function text(x: number, y: number, content: string, attrs = '', size = FONT_SIZE): string {
  return `<text x="${fixed(x)}" y="${fixed(y)}" font-family="Roboto" font-size="${fixed(size)}" fill="${MARKER_COLOURS.text}" ${attrs}>${escapeXml(content)}</text>`;
}

function line(x1: number, y1: number, x2: number, y2: number, attrs: string): string {
  return `<line x1="${fixed(x1)}" y1="${fixed(y1)}" x2="${fixed(x2)}" y2="${fixed(y2)}" ${attrs}/>`;
}

const MARKER_FILL: Record<MarkerKind, string> = {
  UNJUDGED: MARKER_COLOURS.line,
  IMPROVING: MARKER_COLOURS.improving,
  NOT_IMPROVING: MARKER_COLOURS.notImproving,
  PUBLISHED_MEAN: MARKER_COLOURS.anchor,
};

/** A marker of the contract's shape for its meaning, radius r, centred on (x, y). */
export function markerSvg(kind: MarkerKind, x: number, y: number, r = 4): string {
  const { shape, hollow } = OUTCOME_MARKERS[kind];
  const colour = MARKER_FILL[kind];
  const paint = hollow
    ? `fill="#ffffff" stroke="${colour}" stroke-width="1.2"`
    : `fill="${colour}" stroke="#ffffff" stroke-width="0.6"`;
  const corners = markerPoints(shape, x, y, r);
  if (corners === null) {
    return `<circle cx="${fixed(x)}" cy="${fixed(y)}" r="${fixed(r - 0.5)}" ${paint}/>`;
  }
  const points = corners.map(([cx, cy]) => `${fixed(cx)},${fixed(cy)}`).join(' ');
  return `<polygon points="${points}" ${paint}/>`;
}

/**
 * The y-axis title, rotated, at a font size that keeps it within the plot's height: a long
 * instrument name would otherwise run past the top and bottom of the chart and be cut off.
 */
function axisTitleFontSize(title: string, length: number): number {
  return Math.min(FONT_SIZE, length / (title.length * GLYPH_EM));
}

type Scale = (value: number) => number;

/** The clinic's middle half as a box and its median as a bar, at each timepoint with a band. */
function bandBoxes(survey: OutcomeSurvey, xOf: Scale, yOf: Scale, step: number): string[] {
  const half = step * 0.22;
  return (survey.cohort?.points ?? []).flatMap((point, index) => {
    if (point.p25 === null || point.median === null || point.p75 === null) return [];
    const x = xOf(index);
    const top = yOf(point.p75);
    return [
      `<rect x="${fixed(x - half)}" y="${fixed(top)}" width="${fixed(half * 2)}" height="${fixed(Math.max(0.8, yOf(point.p25) - top))}" fill="${MARKER_COLOURS.band}"/>`,
      line(
        x - half,
        yOf(point.median),
        x + half,
        yOf(point.median),
        `stroke="${MARKER_COLOURS.median}" stroke-width="1.4"`,
      ),
    ];
  });
}

/** Published means as hollow squares (as on screen) with their ± SD whiskers, each in its own column. */
function anchorPoints(survey: OutcomeSurvey, xOf: Scale, yOf: Scale): string[] {
  const clamp = (value: number) => Math.min(survey.max, Math.max(survey.min, value));
  return chartColumns(survey).flatMap((column, index) => {
    const anchor = anchorIn(survey, column);
    if (!anchor) return [];
    // Beside the participant's own marker in the PreOp column, so neither hides the other.
    const x = xOf(index) + (column.kind === 'timepoint' ? 9 : 0);
    const y = yOf(anchor.mean);
    const low = yOf(clamp(anchor.mean - anchor.sd));
    const high = yOf(clamp(anchor.mean + anchor.sd));
    const stroke = `stroke="${MARKER_COLOURS.anchor}" stroke-width="0.9"`;
    return [
      line(x, low, x, high, stroke),
      line(x - 2.5, low, x + 2.5, low, stroke),
      line(x - 2.5, high, x + 2.5, high, stroke),
      markerSvg('PUBLISHED_MEAN', x, y, 4),
    ];
  });
}

/** The chart as an SVG document, CHART_WIDTH × CHART_HEIGHT points. */
export function outcomeChartSvg(survey: OutcomeSurvey): string {
  const plotWidth = CHART_WIDTH - PLOT.left - PLOT.right;
  const plotHeight = CHART_HEIGHT - PLOT.top - PLOT.bottom;
  const span = survey.max - survey.min || 1;
  const yOf = (value: number) => PLOT.top + plotHeight * (1 - (value - survey.min) / span);
  const columns = chartColumns(survey);
  const step = plotWidth / columns.length;
  const xOf = (index: number) => PLOT.left + step * (index + 0.5);
  const right = PLOT.left + plotWidth;
  const parts: string[] = [];

  for (const value of niceTicks(survey.min, survey.max)) {
    const y = yOf(value);
    parts.push(line(PLOT.left, y, right, y, `stroke="${MARKER_COLOURS.grid}" stroke-width="0.5"`));
    parts.push(text(PLOT.left - 5, y + 3, String(Math.round(value)), 'text-anchor="end"'));
  }
  parts.push(
    line(
      PLOT.left,
      PLOT.top,
      PLOT.left,
      PLOT.top + plotHeight,
      'stroke="#000000" stroke-width="0.7"',
    ),
    line(
      PLOT.left,
      PLOT.top + plotHeight,
      right,
      PLOT.top + plotHeight,
      'stroke="#000000" stroke-width="0.7"',
    ),
  );
  columns.forEach((column, index) => {
    parts.push(text(xOf(index), PLOT.top + plotHeight + 12, column.label, 'text-anchor="middle"'));
  });
  parts.push(...bandBoxes(survey, xOf, yOf, step), ...anchorPoints(survey, xOf, yOf));
  parts.push(
    text(
      PLOT.left + plotWidth / 2,
      CHART_HEIGHT - 6,
      'Timepoint after surgery',
      'text-anchor="middle"',
    ),
    // The instrument's label only: the heading above the chart gives its scale in full.
    text(
      12,
      PLOT.top + plotHeight / 2,
      survey.label,
      `text-anchor="middle" transform="rotate(-90 12 ${fixed(PLOT.top + plotHeight / 2)})"`,
      axisTitleFontSize(survey.label, plotHeight),
    ),
  );

  const references: { value: number; label: string; dash: string }[] = [];
  if (survey.pass) {
    references.push({ value: survey.pass.value, label: `PASS ${survey.pass.value}`, dash: '6 4' });
  }
  const target = mcidTarget(survey);
  if (target !== null) {
    references.push({
      value: target,
      label: `PreOp + MCID (${formatMeasureValue(survey.measure, target)})`,
      dash: '2 3',
    });
  }
  const benefit = scbTarget(survey);
  if (benefit !== null) {
    references.push({
      value: benefit,
      label: `PreOp + SCB (${formatMeasureValue(survey.measure, benefit)})`,
      dash: '8 3 2 3',
    });
  }
  // Labels sit right of the plot, top to bottom, at least a line apart when the lines are close.
  let lastLabelY = -Infinity;
  for (const reference of references.sort((a, b) => yOf(a.value) - yOf(b.value))) {
    const y = yOf(reference.value);
    const labelY = Math.max(y + 3, lastLabelY + LABEL_GAP);
    lastLabelY = labelY;
    parts.push(
      line(
        PLOT.left,
        y,
        right,
        y,
        `stroke="${MARKER_COLOURS.reference}" stroke-width="1" stroke-dasharray="${reference.dash}"`,
      ),
      text(right + 4, labelY, reference.label),
    );
  }

  const scored = survey.points.flatMap((point, index) =>
    point.score === null ? [] : [{ point, x: xOf(index), y: yOf(point.score) }],
  );
  if (scored.length > 1) {
    const path = scored.map(({ x, y }) => `${fixed(x)},${fixed(y)}`).join(' ');
    parts.push(
      `<polyline points="${path}" fill="none" stroke="${MARKER_COLOURS.line}" stroke-width="1.6"/>`,
    );
  }
  for (const { point, x, y } of scored) {
    parts.push(markerSvg(point.status ?? 'UNJUDGED', x, y));
    if (point.score !== null) {
      parts.push(
        text(x, y - 7, formatMeasureValue(survey.measure, point.score), 'text-anchor="middle"'),
      );
    }
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}">${parts.join('')}</svg>`;
}

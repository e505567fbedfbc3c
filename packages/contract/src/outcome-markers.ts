import type { OutcomeStatus } from './outcomes';

/**
 * What each mark on an outcome chart means, drawn the same on the screen and in the recovery
 * report PDF: the shape tells the same as the colour, for readers who cannot tell colours apart
 * and for greyscale print.
 */
export type MarkerKind = OutcomeStatus | 'UNJUDGED' | 'PUBLISHED_MEAN';
type MarkerShapeName = 'circle' | 'diamond' | 'triangle' | 'square';

export const OUTCOME_MARKERS: Record<
  MarkerKind,
  { shape: MarkerShapeName; hollow: boolean; label: string }
> = {
  UNJUDGED: { shape: 'circle', hollow: false, label: 'Score, not judged yet (circle)' },
  IMPROVING: {
    shape: 'diamond',
    hollow: false,
    label: 'Clinically important improvement (diamond)',
  },
  NOT_IMPROVING: {
    shape: 'triangle',
    hollow: false,
    label: 'Not improving as expected (triangle)',
  },
  PUBLISHED_MEAN: {
    shape: 'square',
    hollow: true,
    label: 'Hollow square with whiskers: a published mean ± SD (* after 12 months)',
  },
};

/** The legend's order: the participant's own scores first, then the publications. */
export const MARKER_LEGEND_ORDER: readonly MarkerKind[] = [
  'UNJUDGED',
  'IMPROVING',
  'NOT_IMPROVING',
  'PUBLISHED_MEAN',
];

/** The polygon corners of a shape of radius r centred on (cx, cy); null for a circle. */
export function markerPoints(
  shape: MarkerShapeName,
  cx: number,
  cy: number,
  r: number,
): [number, number][] | null {
  switch (shape) {
    case 'circle':
      return null;
    case 'diamond':
      return [
        [cx, cy - r],
        [cx + r, cy],
        [cx, cy + r],
        [cx - r, cy],
      ];
    case 'triangle':
      return [
        [cx, cy - r],
        [cx + r, cy + r * 0.8],
        [cx - r, cy + r * 0.8],
      ];
    case 'square': {
      const h = r * 0.75;
      return [
        [cx - h, cy - h],
        [cx + h, cy - h],
        [cx + h, cy + h],
        [cx - h, cy + h],
      ];
    }
  }
}

/** 1, 2 or 5 times a power of ten, the smallest at least `rough`. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  if (fraction <= 1) return power;
  if (fraction <= 2) return 2 * power;
  if (fraction <= 5) return 5 * power;
  return 10 * power;
}

/**
 * Axis ticks at round values (steps of 1, 2 or 5 × 10^n) inside [min, max], at most `maxCount`
 * of them, so a reader can read a value off the grid.
 */
export function niceTicks(min: number, max: number, maxCount = 6): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || max <= min) return [min];
  const step = niceStep((max - min) / Math.max(1, maxCount - 1));
  const first = Math.ceil(min / step) * step;
  const ticks: number[] = [];
  for (let value = first; value <= max + step * 1e-9; value += step) {
    // Rounded to the step's decimals so 0.1 + 0.2 does not print as 0.30000000000000004.
    ticks.push(Number(value.toFixed(Math.max(0, -Math.floor(Math.log10(step))))));
  }
  return ticks;
}

import { useTheme } from '@mui/material';
import {
  markerPoints,
  OUTCOME_MARKERS,
  type MarkerKind,
} from '@recovery-portal/contract/outcome-markers';

export type { MarkerKind };

export const MARKER_SIZE = 12;
const PUBLISHED_MEAN_COLOUR = '#6a1b9a';

/** The palette colour of each marker. */
export function useMarkerColours(): Record<MarkerKind, string> {
  const { palette } = useTheme();
  return {
    IMPROVING: palette.success.main,
    NOT_IMPROVING: palette.error.main,
    UNJUDGED: palette.primary.main,
    // Apart from the status colours (green, red) and the participant's blue.
    PUBLISHED_MEAN: PUBLISHED_MEAN_COLOUR,
  };
}

/** The marker's SVG shape centred on (cx, cy), as the contract gives it (the PDF draws the same). */
export function MarkerShape({
  kind,
  cx,
  cy,
  colour,
  size = MARKER_SIZE,
}: {
  kind: MarkerKind;
  cx: number;
  cy: number;
  colour: string;
  size?: number;
}) {
  const { shape, hollow } = OUTCOME_MARKERS[kind];
  const paint = hollow
    ? { fill: '#ffffff', stroke: colour, strokeWidth: 1.5 }
    : { fill: colour, stroke: '#ffffff', strokeWidth: 1 };
  const corners = markerPoints(shape, cx, cy, size / 2 + 1);
  if (corners === null) return <circle cx={cx} cy={cy} r={size / 2 - 1} {...paint} />;
  return <polygon points={corners.map(([x, y]) => `${x},${y}`).join(' ')} {...paint} />;
}

/** A standalone marker for the legend. */
export function MarkerIcon({ kind }: { kind: MarkerKind }) {
  const colours = useMarkerColours();
  const box = MARKER_SIZE + 4;
  return (
    <svg
      width={box}
      height={box}
      viewBox={`0 0 ${box} ${box}`}
      aria-hidden="true"
      focusable="false"
    >
      <MarkerShape kind={kind} cx={box / 2} cy={box / 2} colour={colours[kind]} />
    </svg>
  );
}

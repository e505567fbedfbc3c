import { useTheme } from '@mui/material';
import type { OutcomeStatus } from '@recovery-portal/contract/outcomes';

/** A score's marker: the shape tells the same as the colour, for readers who cannot tell them apart. */
export type MarkerKind = OutcomeStatus | 'UNJUDGED';

export const MARKER_SIZE = 12;

/** The palette colour of each marker. */
export function useMarkerColours(): Record<MarkerKind, string> {
  const { palette } = useTheme();
  return {
    IMPROVING: palette.success.main,
    NOT_IMPROVING: palette.error.main,
    UNJUDGED: palette.primary.main,
  };
}

/** The marker's SVG shape centred on (cx, cy): circle, diamond (improving) or triangle (not). */
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
  const r = size / 2;
  switch (kind) {
    case 'NOT_IMPROVING':
      return (
        <polygon
          points={`${cx},${cy - r - 1} ${cx + r + 1},${cy + r} ${cx - r - 1},${cy + r}`}
          fill={colour}
          stroke="#ffffff"
          strokeWidth={1}
        />
      );
    case 'IMPROVING':
      return (
        <polygon
          points={`${cx},${cy - r - 1} ${cx + r + 1},${cy} ${cx},${cy + r + 1} ${cx - r - 1},${cy}`}
          fill={colour}
          stroke="#ffffff"
          strokeWidth={1}
        />
      );
    case 'UNJUDGED':
      return <circle cx={cx} cy={cy} r={r - 1} fill={colour} stroke="#ffffff" strokeWidth={1} />;
  }
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

/**
 * Recharts hands a custom scatter shape the point's centre; it is null where the row has no
 * value (a timepoint without a band).
 */
export type ShapeProps = { cx?: number | null; cy?: number | null };

/** A scatter shape: a horizontal tick, the median of a band, `width` wide. */
export function medianTick(colour: string, width: number, strokeWidth: number) {
  return function MedianTick({ cx, cy }: ShapeProps) {
    if (typeof cx !== 'number' || typeof cy !== 'number') return <g />;
    const half = width / 2;
    return (
      <line
        x1={cx - half}
        x2={cx + half}
        y1={cy}
        y2={cy}
        stroke={colour}
        strokeWidth={strokeWidth}
      />
    );
  };
}

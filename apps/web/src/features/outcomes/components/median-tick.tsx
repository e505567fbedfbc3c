/** Recharts hands a custom scatter shape the point's centre; the tick is drawn across it. */
type ShapeProps = { cx?: number; cy?: number };

/** A scatter shape: a horizontal tick, the median of a band, `width` wide. */
export function medianTick(colour: string, width: number, strokeWidth: number) {
  return function MedianTick({ cx, cy }: ShapeProps) {
    if (cx === undefined || cy === undefined) return <g />;
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

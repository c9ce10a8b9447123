// Server-rendered SVG charts for the interest screen: plain markup, no JavaScript, scaled to
// the screen's width (a phone's 390 px included).

/** A small trend line of one piece's daily figures, oldest first. */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const width = 120;
  const height = 28;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const points = values.map((value, i) => `${(i * step).toFixed(1)},${(height - 2 - (value / max) * (height - 4)).toFixed(1)}`).join(" ");
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={label} className="shrink-0" data-testid="sparkline">
      <polyline points={points} fill="none" stroke="#8a5a14" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** One bar per day, the first and last day and the highest value written under and beside it. */
export function DayBars({ days, title, testId }: { days: ReadonlyArray<{ day: string; value: number }>; title: string; testId: string }) {
  const width = 360;
  const height = 120;
  const top = 14;
  const bottom = 18;
  const max = Math.max(1, ...days.map((d) => d.value));
  const slot = width / Math.max(1, days.length);
  const bar = Math.max(1, slot * 0.7);
  const total = days.reduce((sum, d) => sum + d.value, 0);
  return (
    <figure className="mt-3" data-testid={testId}>
      <figcaption className="text-sm font-medium">
        {title}: <span data-testid={`${testId}-total`}>{total}</span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="mt-1 h-auto w-full max-w-xl" role="img" aria-label={`${title}, ${days[0]?.day} to ${days.at(-1)?.day}: ${total} in all`}>
        <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} stroke="#d6c08f" />
        {days.map((d, i) => {
          const h = (d.value / max) * (height - top - bottom);
          return (
            <rect key={d.day} x={i * slot + (slot - bar) / 2} y={height - bottom - h} width={bar} height={h} fill="#a8741c">
              <title>{`${d.day}: ${d.value}`}</title>
            </rect>
          );
        })}
        <text x="0" y="10" fontSize="10" fill="#5b3d0e">
          max {max}
        </text>
        <text x="0" y={height - 4} fontSize="10" fill="#5b3d0e">
          {days[0]?.day}
        </text>
        <text x={width} y={height - 4} fontSize="10" fill="#5b3d0e" textAnchor="end">
          {days.at(-1)?.day}
        </text>
      </svg>
    </figure>
  );
}

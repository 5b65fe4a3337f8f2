import { formatMoney } from "~/lib/format";

export interface ChartBar {
  label: string;
  valueCents: number;
  count: number;
}

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 8, bottom: 48, left: 8 };

/**
 * An accessible bar chart of revenue per period, drawn in SVG (no chart library). The figure is
 * labelled with a summary; the page gives the same numbers as a table.
 */
export function RevenueChart({
  bars,
  title,
  description,
}: {
  bars: ChartBar[];
  title: string;
  description: string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.valueCents));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, bars.length);
  const barW = Math.max(4, slot * 0.6);
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="revenue-chart-title revenue-chart-desc"
        className="h-auto w-full"
      >
        <title id="revenue-chart-title">{title}</title>
        <desc id="revenue-chart-desc">{description}</desc>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          className="stroke-border"
          strokeWidth={1}
        />
        {bars.map((bar, i) => {
          const h = (bar.valueCents / max) * innerH;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const y = PAD.top + innerH - h;
          return (
            <g key={bar.label}>
              <rect
                x={x}
                y={y}
                width={barW}
                height={Math.max(h, bar.valueCents > 0 ? 1 : 0)}
                rx={3}
                className="fill-primary"
              >
                <title>{`${bar.label} : ${formatMoney(bar.valueCents)} (${bar.count})`}</title>
              </rect>
              <text
                x={x + barW / 2}
                y={PAD.top + innerH + 16}
                textAnchor="middle"
                className="fill-muted-foreground text-[11px]"
              >
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-sm text-muted-foreground">{description}</figcaption>
    </figure>
  );
}

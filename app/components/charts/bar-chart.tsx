import { useEffect, useId, useRef, useState } from "react";
import { TableScroller } from "~/components/ui/data-table";
import { cn } from "~/lib/utils";
import { formatNumber } from "~/lib/format";

export interface ChartSeries {
  name: string;
  /** One value per category, in the categories' order. */
  values: number[];
}

export interface BarChartProps {
  title: string;
  /** Names of the groups along the horizontal axis (e.g. months). */
  categories: string[];
  /** Stacked in each bar, bottom first; a legend names them. */
  series: ChartSeries[];
  /** How a value reads in labels, the table and the summary (e.g. formatMoney); fr-CA numbers by default. */
  formatValue?: (value: number) => string;
  /** Counts (bookings...): the axis steps by whole numbers only. */
  integer?: boolean;
  /** Heading of the categories' column in the table. */
  categoryLabel: string;
  /** Label of the table's toggle ('Voir les données en tableau'). */
  tableLabel: string;
  totalLabel: string;
  className?: string;
}

/** Colours that stay apart for common colour-vision deficiencies (Okabe-Ito), readable on both themes. */
export const CHART_COLOURS = [
  "#0072B2",
  "#E69F00",
  "#009E73",
  "#CC79A7",
  "#56B4E9",
  "#D55E00",
  "#F0E442",
  "#000000",
];

/** Width drawn before the chart knows its own (server HTML); then its real width in CSS pixels. */
const DEFAULT_WIDTH = 640;
const HEIGHT = 260;
/** Labels are drawn 1:1 in CSS pixels (the SVG takes its box's width): never under 12 px. */
const FONT_SIZE = 13;
/** A rough width of one character at FONT_SIZE, to leave room for the labels. */
const CHAR_WIDTH = 7.2;
const PAD = { top: 16, right: 12, bottom: 40 };

/** 1234.5 -> '1 234,5' (fr-CA). */
const formatChartNumber = (value: number) => formatNumber(value, 2);

/** 0, a round step, ... up to at least `max`: 4 or 5 gridlines; whole steps for counts. */
export function niceTicks(max: number, count = 4, integer = false): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const factors = integer ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  const found = factors.map((f) => f * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const step = integer ? Math.max(1, Math.round(found)) : found;
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(v);
  return ticks;
}

/**
 * A stacked bar chart in plain SVG (no script needed to draw it). Screen readers get the title
 * and a one-line summary on the image, and the exact figures in the table below, which sighted
 * users can open too.
 */
export function BarChart({
  title,
  categories,
  series,
  formatValue = formatChartNumber,
  integer = false,
  categoryLabel,
  tableLabel,
  totalLabel,
  className,
}: BarChartProps) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const totals = categories.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const ticks = niceTicks(Math.max(0, ...totals), 4, integer);
  const top = ticks[ticks.length - 1]!;
  const left = 10 + CHAR_WIDTH * Math.max(...ticks.map((tick) => formatValue(tick).length));
  const plotW = width - left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const band = plotW / Math.max(1, categories.length);
  const barW = Math.min(56, band * 0.6);
  // Category labels that would touch: every second (or third...) one is written; the table has them all.
  const longest = CHAR_WIDTH * Math.max(1, ...categories.map((c) => c.length)) + 8;
  const labelEvery = Math.max(1, Math.ceil(longest / band));
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const summary = categories.map((c, i) => `${c} : ${formatValue(totals[i]!)}`).join(" ; ");

  return (
    <figure className={cn("grid gap-3", className)}>
      <figcaption id={`${id}-title`} className="font-semibold">
        {title}
      </figcaption>
      <div ref={box} className="min-w-0">
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          className="h-auto w-full text-muted-foreground"
        >
          <desc id={`${id}-desc`}>{summary}</desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={left}
                x2={width - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="currentColor"
                strokeOpacity={0.2}
              />
              <text
                x={left - 8}
                y={y(tick)}
                dy="0.32em"
                textAnchor="end"
                fontSize={FONT_SIZE}
                fill="currentColor"
              >
                {formatValue(tick)}
              </text>
            </g>
          ))}
          {categories.map((category, i) => {
            const x = left + band * i + (band - barW) / 2;
            let base = 0;
            return (
              <g key={category}>
                {series.map((s, k) => {
                  const value = s.values[i] ?? 0;
                  const y0 = y(base);
                  base += value;
                  const y1 = y(base);
                  return value > 0 ? (
                    <rect
                      key={s.name}
                      x={x}
                      y={y1}
                      width={barW}
                      height={Math.max(0, y0 - y1)}
                      fill={CHART_COLOURS[k % CHART_COLOURS.length]}
                    >
                      <title>{`${s.name}, ${category} : ${formatValue(value)}`}</title>
                    </rect>
                  ) : null;
                })}
                {i % labelEvery === 0 ? (
                  <text
                    x={left + band * i + band / 2}
                    y={HEIGHT - PAD.bottom + 20}
                    textAnchor="middle"
                    fontSize={FONT_SIZE}
                    fill="currentColor"
                  >
                    {category}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      {series.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
          {series.map((s, k) => (
            <li key={s.name} className="flex items-center gap-1.5">
              <span
                className="size-3 rounded-sm"
                style={{ background: CHART_COLOURS[k % CHART_COLOURS.length] }}
              />
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary">{tableLabel}</summary>
        <ChartTable
          caption={title}
          categories={categories}
          series={series}
          formatValue={formatValue}
          categoryLabel={categoryLabel}
          totalLabel={totalLabel}
        />
      </details>
    </figure>
  );
}

/** The figures of a chart as a table: one row per category, one column per series, and the total. */
export function ChartTable({
  caption,
  categories,
  series,
  formatValue = formatChartNumber,
  categoryLabel,
  totalLabel,
}: Pick<BarChartProps, "categories" | "series" | "formatValue" | "categoryLabel" | "totalLabel"> & {
  caption: string;
}) {
  return (
    <TableScroller label={caption} className="mt-2">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-2 pr-4 font-medium">
              {categoryLabel}
            </th>
            {series.map((s) => (
              <th key={s.name} scope="col" className="py-2 pr-4 text-right font-medium">
                {s.name}
              </th>
            ))}
            <th scope="col" className="py-2 text-right font-medium">
              {totalLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {categories.map((category, i) => (
            <tr key={category} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-4 font-normal">
                {category}
              </th>
              {series.map((s) => (
                <td key={s.name} className="py-2 pr-4 text-right tabular-nums">
                  {formatValue(s.values[i] ?? 0)}
                </td>
              ))}
              <td className="py-2 text-right font-medium tabular-nums">
                {formatValue(series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

import { useId } from 'react';
import { formatMoney } from '@noise/shared/pricing';
import type { ReportGranularity, RevenueReport } from '@noise/shared/reports';
import { periodLabel } from './report-format';

type Point = RevenueReport['series'][number];

const WIDTH = 800;
const HEIGHT = 300;
const MARGIN = { top: 16, right: 44, bottom: 40, left: 72 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;
const TICKS = 4;

/** A round axis maximum with TICKS even steps of 1, 2 or 5 times a power of ten. */
function niceMax(value: number, minStep = 1): number {
  if (value <= 0) return minStep * TICKS;
  const rough = value / TICKS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
  return Math.max(step, minStep) * TICKS;
}

const compactDollars = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
function axisMoney(cents: number): string {
  return compactDollars.format(cents / 100);
}

/**
 * Money received (bars, left axis) and orders placed (line, right axis) per period. Drawn as SVG:
 * one small component instead of a chart library on this page.
 */
export function RevenueChart({
  series,
  granularity,
}: {
  series: Point[];
  granularity: ReportGranularity;
}) {
  const titleId = useId();
  const n = Math.max(series.length, 1);
  const salesMax = niceMax(Math.max(0, ...series.map((p) => p.salesCents)), 100);
  const ordersMax = niceMax(Math.max(0, ...series.map((p) => p.orders)), 1);
  const band = PLOT_W / n;
  const barWidth = Math.max(1, band * (n > 60 ? 0.85 : 0.65));
  const x = (i: number) => MARGIN.left + band * i + band / 2;
  const ySales = (cents: number) => MARGIN.top + PLOT_H - (cents / salesMax) * PLOT_H;
  const yOrders = (orders: number) => MARGIN.top + PLOT_H - (orders / ordersMax) * PLOT_H;
  // Labels count back from the latest period, so the newest one is always named.
  const labelEvery = Math.ceil(n / 8);
  const line = series.map((p, i) => `${x(i).toFixed(1)},${yOrders(p.orders).toFixed(1)}`).join(' ');

  return (
    <figure>
      <div className="mb-3 flex flex-wrap gap-5 text-sm" aria-hidden="true">
        <span className="inline-flex items-center gap-2">
          <span className="size-3 rounded-sm bg-accent" /> Sales (inc. GST)
        </span>
        <span className="inline-flex items-center gap-2">
          <span className="h-0.5 w-5 bg-ink" /> Orders
        </span>
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        className="h-auto w-full overflow-visible"
      >
        <title id={titleId}>
          Sales and orders per {granularity}; the table below the chart gives the numbers.
        </title>
        {Array.from({ length: TICKS + 1 }, (_, t) => {
          const y = MARGIN.top + PLOT_H - (PLOT_H * t) / TICKS;
          return (
            <g key={t}>
              <line
                x1={MARGIN.left}
                x2={WIDTH - MARGIN.right}
                y1={y}
                y2={y}
                className="stroke-line"
                strokeDasharray={t === 0 ? undefined : '4 4'}
              />
              <text
                x={MARGIN.left - 8}
                y={y}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-muted text-[12px]"
              >
                {axisMoney((salesMax * t) / TICKS)}
              </text>
              <text
                x={WIDTH - MARGIN.right + 8}
                y={y}
                dominantBaseline="middle"
                className="fill-muted text-[12px]"
              >
                {Math.round((ordersMax * t) / TICKS)}
              </text>
            </g>
          );
        })}
        {series.map((point, i) => {
          const top = ySales(point.salesCents);
          return (
            <g key={point.period}>
              <title>
                {`${periodLabel(point.period, granularity)}: ${formatMoney(point.salesCents)} from ${point.orders} ${point.orders === 1 ? 'order' : 'orders'}`}
              </title>
              {/* The whole band answers the pointer, so thin bars are easy to hover. */}
              <rect
                x={MARGIN.left + band * i}
                y={MARGIN.top}
                width={band}
                height={PLOT_H}
                className="fill-transparent hover:fill-ink/5"
              />
              <rect
                x={x(i) - barWidth / 2}
                y={top}
                width={barWidth}
                height={MARGIN.top + PLOT_H - top}
                rx={Math.min(3, barWidth / 3)}
                className="pointer-events-none fill-accent"
              />
              {(n - 1 - i) % labelEvery === 0 ? (
                <text
                  x={x(i)}
                  y={HEIGHT - MARGIN.bottom + 18}
                  textAnchor="middle"
                  className="fill-muted text-[12px]"
                >
                  {periodLabel(point.period, granularity)}
                </text>
              ) : null}
            </g>
          );
        })}
        {series.length > 1 ? (
          <polyline
            points={line}
            fill="none"
            strokeWidth={2}
            strokeLinejoin="round"
            className="pointer-events-none stroke-ink"
          />
        ) : null}
        {series.length <= 60
          ? series.map((point, i) => (
              <circle
                key={point.period}
                cx={x(i)}
                cy={yOrders(point.orders)}
                r={3}
                className="pointer-events-none fill-paper stroke-ink"
                strokeWidth={2}
              />
            ))
          : null}
        <text
          x={12}
          y={MARGIN.top + PLOT_H / 2}
          transform={`rotate(-90 12 ${MARGIN.top + PLOT_H / 2})`}
          textAnchor="middle"
          className="fill-muted text-[12px] font-semibold"
        >
          Sales
        </text>
        <text
          x={WIDTH - 6}
          y={MARGIN.top + PLOT_H / 2}
          transform={`rotate(90 ${WIDTH - 6} ${MARGIN.top + PLOT_H / 2})`}
          textAnchor="middle"
          className="fill-muted text-[12px] font-semibold"
        >
          Orders
        </text>
      </svg>
    </figure>
  );
}

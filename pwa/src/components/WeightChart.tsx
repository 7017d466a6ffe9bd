import { useDeferredValue, useId, useLayoutEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import visuallyHidden from '@mui/utils/visuallyHidden';

export interface WeightChartPoint {
  /** In `unit`: the caller converts stored kg to the person's unit (ADR 020). */
  weight: number;
  /** ISO timestamp. */
  createdAt: string;
  /** The smoothed trend at this weigh-in, in `unit` (issue 21); drawn as the line when given. */
  trend?: number;
}

export interface WeightChartProps {
  /** Any order; the chart sorts them oldest → newest. */
  points: readonly WeightChartPoint[];
  targetWeight: number | null;
  locale: string;
  /** The unit of the values given: kilograms unless the person reads pounds; a body measurement's (issue 21) in cm, in or %. */
  unit?: 'kilogram' | 'pound' | 'centimeter' | 'inch' | 'percent';
  /** Accessible name of the chart. */
  title: string;
  targetLabel: string;
  weightLabel: string;
  /** The trend line's legend and table column; needed when the points carry a trend. */
  trendLabel?: string;
  /** Shown instead of the chart when there are fewer than 2 points. */
  emptyText: string;
  height?: number;
  /** Prefix of the chart's test ids, for a screen with more than one chart. */
  testId?: string;
}

/**
 * Round, increasing ticks (step 1, 2 or 5 × 10^n) that cover [min, max] with at most `count` values:
 * the smallest such step wins, so the axis gets as many gridlines as allowed.
 */
export function niceTicks(min: number, max: number, count: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max < min) [min, max] = [max, min];
  if (max === min) [min, max] = [min - 1, max + 1];
  const slots = Math.max(1, Math.floor(count) - 1);
  let magnitude = 10 ** Math.floor(Math.log10((max - min) / slots));
  for (;;) {
    for (const factor of [1, 2, 5]) {
      const step = factor * magnitude;
      const first = Math.floor(min / step);
      const last = Math.ceil(max / step);
      if (last - first <= slots) {
        // toFixed removes float noise such as 0.30000000000000004.
        const decimals = Math.max(0, -Math.floor(Math.log10(step)));
        return Array.from({ length: last - first + 1 }, (_, i) => Number(((first + i) * step).toFixed(decimals)));
      }
    }
    magnitude *= 10;
  }
}

/** Linear map from a data domain onto a pixel range; a zero-width domain maps to the range's middle. */
export function chartScale(domain: readonly [number, number], range: readonly [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

// Room for the y labels (left), the x labels (bottom) and the last dot's value label (right).
const margin = { top: 12, right: 44, bottom: 28, left: 44 };
const defaultWidth = 600;

/**
 * Width of the element in CSS pixels, kept up to date, so the viewBox is 1:1 and text never stretches.
 * Null until the element is laid out: measured before the first paint, so the chart is drawn once
 * at its width rather than at a guess and again (two charts drawn twice were a good part of an
 * exercise's history's opening, ADR 030). Takes the element from a callback ref: the chart may
 * mount later than the component (empty state first).
 */
function useWidth(element: HTMLElement | null): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = (measured: number) => measured > 0 && setWidth(Math.round(measured));
    // Where nothing is laid out (a test's DOM), a width of its own.
    setWidth(Math.round(element.getBoundingClientRect().width) || defaultWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => measure(entries[0]?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** A locale's formats, made once: each chart drew 4 of them at every render. */
const formatsByLocale = new Map<string, ReturnType<typeof formatsOf>>();
function formatsOf(locale: string, unit: NonNullable<WeightChartProps['unit']>) {
  return {
    number: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }),
    weight: new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }),
    shortDate: new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short' }),
    fullDate: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
  };
}
function chartFormats(locale: string, unit: NonNullable<WeightChartProps['unit']>) {
  const key = `${locale} ${unit}`;
  let formats = formatsByLocale.get(key);
  if (!formats) formatsByLocale.set(key, (formats = formatsOf(locale, unit)));
  return formats;
}

/**
 * The chart's data for screen readers, drawn just after the chart: a hidden table of a hundred
 * rows took as long to lay out as the rest of a page of history (ADR 030), and nobody sees it.
 */
function LaterTable({ children }: { children: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? <div style={visuallyHidden}>{children}</div> : null;
}

/**
 * Line chart of a client's weight over time against the target weight, with a screen-reader table
 * of the data. With a trend, the weigh-ins are dots and the trend is the line: the day-to-day
 * swings stay visible without being read as the direction.
 */
export function WeightChart({ points, targetWeight, locale, unit = 'kilogram', title, targetLabel, weightLabel, trendLabel, emptyText, height = 240, testId = 'weight-chart' }: WeightChartProps) {
  const theme = useTheme();
  const titleId = useId();
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const width = useWidth(root);

  const data = points
    .map((p) => ({ weight: p.weight, trend: p.trend, time: Date.parse(p.createdAt) }))
    .filter((p) => Number.isFinite(p.time) && Number.isFinite(p.weight))
    .sort((a, b) => a.time - b.time);

  if (data.length < 2) {
    return (
      <Typography color="text.secondary" data-testid={`${testId}-empty`}>
        {emptyText}
      </Typography>
    );
  }

  // Laid out first, empty at its height, to be drawn at its width.
  if (width === null) return <Box ref={setRoot} sx={{ width: '100%', height }} />;

  // Read through theme.vars so the colours follow the CSS-variables colour scheme (dark mode).
  const palette = theme.vars?.palette ?? theme.palette;
  const colors = {
    weight: palette.primary.main,
    target: palette.secondary.main,
    text: palette.text.secondary,
    trend: palette.info.main,
    grid: palette.divider,
    paper: palette.background.paper,
  };

  const { number, weight: weightFormat, shortDate, fullDate } = chartFormats(locale, unit);

  const withTrend = trendLabel !== undefined && data.every((p) => typeof p.trend === 'number' && Number.isFinite(p.trend));
  const weights = data.map((p) => p.weight);
  if (withTrend) weights.push(...data.map((p) => p.trend as number));
  if (targetWeight !== null) weights.push(targetWeight);
  const yTicks = niceTicks(Math.min(...weights) - 1, Math.max(...weights) + 1, 5);
  const yDomain: [number, number] = [yTicks[0] ?? 0, yTicks[yTicks.length - 1] ?? 1];
  const first = data[0]!;
  const last = data[data.length - 1]!;

  const plot = { left: margin.left, right: width - margin.right, top: margin.top, bottom: height - margin.bottom };
  const x = chartScale([first.time, last.time], [plot.left, plot.right]);
  const y = chartScale(yDomain, [plot.bottom, plot.top]);

  // Evenly spaced in time; labels that repeat the previous one (a short span) are dropped.
  const xTickCount = width < 360 ? 3 : width < 520 ? 4 : 5;
  const xTicks: { time: number; label: string }[] = [];
  for (let i = 0; i < xTickCount; i++) {
    const time = first.time + ((last.time - first.time) * i) / (xTickCount - 1);
    const label = shortDate.format(time);
    if (xTicks[xTicks.length - 1]?.label !== label) xTicks.push({ time, label });
  }
  const anchorFor = (i: number, n: number) => (n > 1 && i === 0 ? 'start' : n > 1 && i === n - 1 ? 'end' : 'middle');

  const lineOf = (value: (p: (typeof data)[number]) => number) => data.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.time).toFixed(1)},${y(value(p)).toFixed(1)}`).join(' ');

  return (
    <Box ref={setRoot} data-testid={testId} sx={{ width: '100%' }}>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        style={{ display: 'block', overflow: 'visible', fontFamily: theme.typography.fontFamily, fontSize: 12 }}
      >
        <title id={titleId}>{title}</title>
        <g data-testid={`${testId}-y-axis`}>
          {yTicks.map((tick) => (
            <g key={tick}>
              <line x1={plot.left} x2={plot.right} y1={y(tick)} y2={y(tick)} style={{ stroke: colors.grid }} strokeWidth={1} />
              <text x={plot.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle" style={{ fill: colors.text }}>
                {number.format(tick)}
              </text>
            </g>
          ))}
        </g>
        <g data-testid={`${testId}-x-axis`}>
          {xTicks.map((tick, i) => (
            <text key={tick.time} x={x(tick.time)} y={height - 8} textAnchor={anchorFor(i, xTicks.length)} style={{ fill: colors.text }}>
              {tick.label}
            </text>
          ))}
        </g>
        {targetWeight !== null && (
          <line
            data-testid={`${testId}-target`}
            x1={plot.left}
            x2={plot.right}
            y1={y(targetWeight)}
            y2={y(targetWeight)}
            strokeWidth={2}
            strokeDasharray="6 4"
            style={{ stroke: colors.target }}
          />
        )}
        {withTrend ? (
          <path data-testid={`${testId}-trend`} d={lineOf((p) => p.trend as number)} fill="none" strokeWidth={3} strokeLinejoin="round" strokeLinecap="round" style={{ stroke: colors.trend }} />
        ) : (
          <path d={lineOf((p) => p.weight)} fill="none" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" style={{ stroke: colors.weight }} />
        )}
        {/* The dots' colours are their group's: one style for sixty dots, not one each. */}
        <g style={{ fill: colors.weight, stroke: colors.paper }}>
          {data.map((p, i) => {
            const isLast = i === data.length - 1;
            return (
              <circle
                key={`${p.time}-${i}`}
                data-testid={`${testId}-dot`}
                data-last={isLast || undefined}
                cx={x(p.time).toFixed(1)}
                cy={y(p.weight).toFixed(1)}
                r={isLast ? 6 : 3.5}
                strokeWidth={isLast ? 2.5 : 0}
              />
            );
          })}
        </g>
        {/* The latest weight is what the client looks for first, so it is written beside its dot. */}
        <text
          data-testid={`${testId}-last-value`}
          x={x(last.time) + 10}
          y={y(last.weight)}
          dominantBaseline="middle"
          fontWeight={700}
          style={{ fill: colors.weight }}
        >
          {number.format(last.weight)}
        </text>
      </svg>

      <Box aria-hidden="true" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1, justifyContent: 'center' }}>
        <LegendItem label={weightLabel} color={colors.weight} dashed={false} dot={withTrend} />
        {withTrend && <LegendItem label={trendLabel} color={colors.trend} dashed={false} />}
        {targetWeight !== null && <LegendItem label={targetLabel} color={colors.target} dashed />}
      </Box>

      {/* Hidden by a block around it: a table grows to its columns whatever width it is given, and
          with the trend column it overflowed a 360 px phone sideways. */}
      <LaterTable>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">{weightLabel}</th>
              {withTrend && <th scope="col">{trendLabel}</th>}
            </tr>
          </thead>
          <tbody>
            {data.map((p, i) => (
              <tr key={`${p.time}-${i}`}>
                <th scope="row">{fullDate.format(p.time)}</th>
                <td>{weightFormat.format(p.weight)}</td>
                {withTrend && <td>{weightFormat.format(p.trend as number)}</td>}
              </tr>
            ))}
          </tbody>
          {targetWeight !== null && (
            <tfoot>
              <tr>
                <th scope="row">{targetLabel}</th>
                <td>{weightFormat.format(targetWeight)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </LaterTable>
    </Box>
  );
}

function LegendItem({ label, color, dashed, dot = false }: { label: string; color: string; dashed: boolean; dot?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      {dot ? (
        <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: color }} />
      ) : (
        <Box component="span" sx={{ width: 20, borderTop: `${dashed ? 2 : 3}px ${dashed ? 'dashed' : 'solid'} ${color}` }} />
      )}
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

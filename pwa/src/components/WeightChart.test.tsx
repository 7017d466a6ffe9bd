import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { WeightChart, chartScale, niceTicks } from './WeightChart.tsx';
import type { WeightChartPoint, WeightChartProps } from './WeightChart.tsx';

afterEach(cleanup);

const theme = createTheme({ cssVariables: { colorSchemeSelector: 'class' }, colorSchemes: { light: true, dark: true } });

// Deliberately out of order: the chart sorts them.
const fivePoints: WeightChartPoint[] = [
  { weight: 80.2, createdAt: '2025-03-15T09:00:00.000Z' },
  { weight: 82.9, createdAt: '2025-03-01T09:00:00.000Z' },
  { weight: 78.4, createdAt: '2025-04-10T09:00:00.000Z' },
  { weight: 81.5, createdAt: '2025-03-08T09:00:00.000Z' },
  { weight: 79.1, createdAt: '2025-03-29T09:00:00.000Z' },
];

function renderChart(props: Partial<WeightChartProps> = {}) {
  return render(
    <ThemeProvider theme={theme}>
      <WeightChart
        points={fivePoints}
        targetWeight={75}
        locale="pt-BR"
        title="Peso ao longo do tempo"
        targetLabel="Meta"
        weightLabel="Peso"
        emptyText="Registre pelo menos dois pesos para ver o gráfico"
        {...props}
      />
    </ThemeProvider>,
  );
}

const yLabels = () => Array.from(screen.getByTestId('weight-chart-y-axis').querySelectorAll('text'), (t) => t.textContent ?? '');

describe('WeightChart', () => {
  it.each([[[]], [[{ weight: 80, createdAt: '2025-03-01T09:00:00.000Z' }]]])('shows only the empty text with %j', (points) => {
    renderChart({ points });
    expect(screen.getByTestId('weight-chart-empty').textContent).toBe('Registre pelo menos dois pesos para ver o gráfico');
    expect(screen.queryByTestId('weight-chart')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is an img named by its title, with one dot per point and the last one emphasised', () => {
    renderChart();
    const svg = screen.getByRole('img', { name: 'Peso ao longo do tempo' });
    expect(svg.getAttribute('viewBox')).toMatch(/^0 0 \d+ 240$/);
    const dots = screen.getAllByTestId('weight-chart-dot');
    expect(dots).toHaveLength(5);
    expect(Number(dots[4]!.getAttribute('r'))).toBeGreaterThan(Number(dots[0]!.getAttribute('r')));
    expect(screen.getByTestId('weight-chart-last-value').textContent).toBe('78,4');
  });

  it('places dots proportionally to time, oldest first', () => {
    renderChart();
    const cx = screen.getAllByTestId('weight-chart-dot').map((d) => Number(d.getAttribute('cx')));
    // 1, 8, 15, 29 Mar and 10 Apr: the gaps are 7, 7, 14 and 12 days.
    const gaps = cx.slice(1).map((v, i) => v - cx[i]!);
    expect(gaps[0]).toBeCloseTo(gaps[1]!, 5);
    expect(gaps[2]).toBeCloseTo(gaps[0]! * 2, 5);
    expect(gaps[3]).toBeCloseTo((gaps[0]! * 12) / 7, 5);
  });

  it('draws the dashed target line and its legend only when there is a target', () => {
    renderChart();
    expect(screen.getByTestId('weight-chart-target').getAttribute('stroke-dasharray')).toBeTruthy();
    expect(screen.getByText('Meta', { selector: 'span' })).toBeTruthy();
    cleanup();
    renderChart({ targetWeight: null });
    expect(screen.queryByTestId('weight-chart-target')).toBeNull();
    expect(screen.queryByText('Meta')).toBeNull();
  });

  it('covers all weights and the target on the y axis, formatted for the locale', () => {
    renderChart({ locale: 'pt-BR' });
    const ptLabels = yLabels();
    expect(ptLabels.length).toBeGreaterThanOrEqual(3);
    expect(ptLabels.length).toBeLessThanOrEqual(5);
    const ticks = ptLabels.map((l) => Number(l.replace(',', '.')));
    expect(ticks[0]).toBeLessThanOrEqual(74);
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(83.9);
    expect(screen.getByTestId('weight-chart-last-value').textContent).toBe('78,4');
    expect(screen.getByRole('table').textContent).toContain('82,9');
    cleanup();

    renderChart({ locale: 'en-US', targetWeight: 77.5 });
    expect(screen.getByTestId('weight-chart-last-value').textContent).toBe('78.4');
    expect(screen.getByRole('table').textContent).toContain('82.9');
    expect(screen.getByRole('table').textContent).toContain('77.5');
  });

  it('formats y labels with a decimal comma in pt-BR and a point in en-US', () => {
    // With ~1 kg padding and at most 5 ticks, gridlines land on whole kilograms; the tick values
    // are checked against the locale formatter instead.
    renderChart({ locale: 'pt-BR' });
    const pt = yLabels();
    cleanup();
    renderChart({ locale: 'en-US' });
    const en = yLabels();
    const ticks = niceTicks(74, 83.9, 5);
    expect(pt).toEqual(ticks.map((t) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(t)));
    expect(en).toEqual(ticks.map((t) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(t)));
    expect(new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(78.4)).toBe('78,4');
  });

  it('puts 3 to 5 date ticks on the x axis', () => {
    renderChart();
    const labels = Array.from(screen.getByTestId('weight-chart-x-axis').querySelectorAll('text'), (t) => t.textContent);
    expect(labels.length).toBeGreaterThanOrEqual(3);
    expect(labels.length).toBeLessThanOrEqual(5);
    expect(labels[0]).toBe(new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short' }).format(new Date('2025-03-01T09:00:00.000Z')));
  });

  it('lists every point in a visually hidden table, oldest first', () => {
    renderChart();
    const table = screen.getByRole('table');
    // Hidden by the block around it, 1 px wide and clipped: a table itself grows to its columns.
    const hider = table.parentElement!;
    expect([hider.tagName, hider.style.position, hider.style.width, hider.style.overflow]).toEqual(['DIV', 'absolute', '1px', 'hidden']);
    const body = table.querySelector('tbody')!;
    const rows = within(body).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(rows[0]!.textContent).toContain('82,9');
    expect(rows[4]!.textContent).toContain('78,4');
    expect(within(table.querySelector('tfoot')!).getByRole('row').textContent).toContain('Meta');
  });
});

describe('niceTicks', () => {
  it('returns round, increasing values covering the range', () => {
    const ticks = niceTicks(77.3, 83.9, 5);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(5);
    expect(ticks[0]).toBeLessThanOrEqual(77.3);
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(83.9);
    const steps = ticks.slice(1).map((t, i) => t - ticks[i]!);
    expect(steps.every((s) => s > 0 && Math.abs(s - steps[0]!) < 1e-9)).toBe(true);
    const step = steps[0]!;
    const mantissa = step / 10 ** Math.floor(Math.log10(step));
    expect([1, 2, 5]).toContainEqual(Math.round(mantissa * 1e9) / 1e9);
    expect(ticks).toEqual([76, 78, 80, 82, 84]);
  });

  it('handles small steps without float noise and a flat range', () => {
    expect(niceTicks(0.1, 0.35, 5)).toEqual([0.1, 0.2, 0.3, 0.4]);
    expect(niceTicks(80, 80, 5)).toEqual([79, 79.5, 80, 80.5, 81]);
  });
});

describe('chartScale', () => {
  it('maps linearly, inverted ranges included, and centres a flat domain', () => {
    const y = chartScale([70, 90], [200, 0]);
    expect(y(70)).toBe(200);
    expect(y(80)).toBe(100);
    expect(y(90)).toBe(0);
    expect(chartScale([5, 5], [10, 30])(5)).toBe(20);
  });
});

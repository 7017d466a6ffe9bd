import { useIntl } from 'react-intl';
import type { TrendPoint } from '#protocol/domain/weight-trend.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { WeightChart, type WeightChartProps } from './WeightChart.tsx';

type Labels = Pick<WeightChartProps, 'title' | 'weightLabel' | 'trendLabel' | 'targetLabel' | 'emptyText' | 'height'>;

/** Weigh-ins under their smoothed trend (issue 21), given in kg, drawn in the signed-in person's units and language. */
export function WeightTrendChart({ trend, targetKg, ...labels }: { trend: readonly TrendPoint[]; targetKg: number | null } & Labels) {
  const intl = useIntl();
  const measures = useMeasures();
  return (
    <WeightChart
      points={trend.map((p) => ({ createdAt: p.createdAt, weight: measures.weightFigure(p.weight), trend: measures.weightFigure(p.trend) }))}
      targetWeight={targetKg === null ? null : measures.weightFigure(targetKg)}
      locale={intl.locale}
      unit={measures.system === 'us' ? 'pound' : 'kilogram'}
      {...labels}
    />
  );
}

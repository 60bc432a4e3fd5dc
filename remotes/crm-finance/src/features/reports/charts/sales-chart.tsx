import type { ReportGroupBy, SalesReport } from '@repo/contracts';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { periodLabel, periodTick } from '../period';
import { barsByKey, otherSeries, pivotByKey } from '../pivot';
import { ChartFrame, HorizontalBars, legendProps, moneyTick, moneyTooltip, otherColour, palette } from './chart-kit';

export interface SalesChartProps {
  report: SalesReport;
  groupBy: ReportGroupBy;
  /** With a cut (shop, seller, category) the revenue is split by key. */
  cut: boolean;
  /** Without `see_cost` there is no gross-profit line (the API sends null anyway). */
  seesCost: boolean;
}

const height = 300;

/** The series the chart draws without a cut: revenue bars, and the gross-profit line for those who may see cost. */
export function salesSeries(seesCost: boolean): Array<{ key: 'revenue' | 'grossProfit'; name: string }> {
  return [{ key: 'revenue', name: 'Выручка' }, ...(seesCost ? [{ key: 'grossProfit' as const, name: 'Валовая прибыль' }] : [])];
}

/**
 * Sales by period: without a cut, revenue bars and the gross-profit line; with a cut, stacked revenue bars
 * per period (the 8 largest keys and «Прочие»), or for a single period one bar per key.
 */
export default function SalesChart({ report, groupBy, cut, seesCost }: SalesChartProps) {
  const tick = (p: string) => periodTick(p, groupBy);
  const label = (p: unknown) => periodLabel(String(p), groupBy);

  if (!cut) {
    const series = salesSeries(seesCost);
    const data = report.rows.map((r) => ({ period: r.period, revenue: r.revenue, grossProfit: r.grossProfit }));
    return (
      <ChartFrame height={height}>
        <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis dataKey="period" tickFormatter={tick} minTickGap={12} />
          <YAxis tickFormatter={moneyTick} width={72} />
          <Tooltip formatter={moneyTooltip} labelFormatter={label} />
          <Legend {...legendProps} />
          {series.map((s) =>
            s.key === 'revenue' ? (
              <Bar key={s.key} dataKey="revenue" name={s.name} fill={palette[0]} maxBarSize={48} isAnimationActive={false} />
            ) : (
              <Line key={s.key} dataKey="grossProfit" name={s.name} stroke={palette[1]} strokeWidth={2} dot={data.length < 40} type="monotone" isAnimationActive={false} />
            ),
          )}
        </ComposedChart>
      </ChartFrame>
    );
  }

  const periods = new Set(report.rows.map((r) => r.period));
  if (periods.size === 1) {
    const bars = barsByKey(report.rows, (r) => r.revenue);
    return <HorizontalBars rows={bars.map((b, i) => ({ label: b.label, revenue: b.value, colour: b.id === otherSeries.id ? otherColour : palette[i % palette.length] }))} series={[{ key: 'revenue', name: 'Выручка', colour: palette[0], colourOf: (r) => r.colour as string }]} />;
  }

  const pivot = pivotByKey(report.rows, (r) => r.revenue);
  return (
    <ChartFrame height={height}>
      <BarChart data={pivot.data} margin={{ top: 8, right: 16, bottom: 4, left: 8 }}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" />
        <XAxis dataKey="period" tickFormatter={tick} minTickGap={12} />
        <YAxis tickFormatter={moneyTick} width={72} />
        <Tooltip formatter={moneyTooltip} labelFormatter={label} />
        <Legend {...legendProps} />
        {pivot.series.map((s, i) => (
          <Bar key={s.id} dataKey={s.id} name={s.label} stackId="revenue" fill={s.id === otherSeries.id ? otherColour : palette[i % palette.length]} maxBarSize={56} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

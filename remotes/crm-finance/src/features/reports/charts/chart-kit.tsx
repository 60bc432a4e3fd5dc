import { formatMoney } from '@repo/shared-core';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../compare';

/**
 * What the reports' charts share. Only the chart files import this (and recharts): each chart is a lazy
 * chunk of /reports, so recharts is downloaded on the first report opened and by no other screen.
 */
export const palette = ['#1677ff', '#52c41a', '#faad14', '#eb2f96', '#13c2c2', '#722ed1', '#fa541c', '#2f54eb', '#a0d911', '#9254de'];
export const otherColour = '#bfbfbf';
export const incomeColour = '#52c41a';
export const expenseColour = '#ff7875';

const NBSP = '\u00a0';
const short = (v: number, unit: number, suffix: string) => `${(v / unit).toFixed(Math.abs(v) < 10 * unit ? 1 : 0).replace('.', ',').replace(/,0$/, '')}${NBSP}${suffix}`;

/** Kopecks on an axis, in roubles and short: «950», «12 тыс», «1,2 млн». */
export function moneyTick(kopecks: number): string {
  const r = kopecks / 100;
  const a = Math.abs(r);
  if (a >= 1_000_000) return short(r, 1_000_000, 'млн');
  if (a >= 1_000) return short(r, 1_000, 'тыс');
  return formatCount(Math.round(r));
}

export const moneyTooltip = (v: unknown) => formatMoney(Number(v));
export const countTooltip = (v: unknown) => formatCount(Number(v));

/** The chart as wide as its card (re-measured when the card's width changes: the side menu folding, the window). */
export function ChartFrame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      {children as never}
    </ResponsiveContainer>
  );
}

/** Long labels (categories, people) on the left: cut with «…» so the bars keep their room. */
export const cut = (s: string, max = 28) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** A category's name on one line (recharts would wrap it into a pile), the whole name on hover. */
function CategoryTick({ x, y, payload }: { x?: number; y?: number; payload?: { value: string } }) {
  const name = String(payload?.value ?? '');
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fontSize={12} fill="#595959">
      <title>{name}</title>
      {cut(name)}
    </text>
  );
}

/** Legend items in the order the series are drawn (recharts sorts them by name otherwise). */
export const legendProps = { itemSorter: null } as const;

export interface HBarSeries {
  key: string;
  name: string;
  colour: string;
  /** A colour per row instead (a status's own colour). */
  colourOf?: (row: Record<string, unknown>) => string | null | undefined;
}

/**
 * Horizontal bars, one row per item (a category, an employee, a status): long Russian names read on the
 * left, the height grows with the rows.
 */
export function HorizontalBars({ rows, series, money = true }: { rows: Array<Record<string, unknown> & { label: string }>; series: HBarSeries[]; money?: boolean }) {
  const height = Math.max(160, rows.length * (series.length > 1 ? 34 : 26) + 60);
  return (
    <ChartFrame height={height}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }} barCategoryGap="20%">
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" tickFormatter={money ? moneyTick : (v: number) => formatCount(v)} />
        <YAxis type="category" dataKey="label" width={190} tick={<CategoryTick />} interval={0} />
        <Tooltip formatter={money ? moneyTooltip : countTooltip} />
        {series.length > 1 ? <Legend {...legendProps} /> : null}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} isAnimationActive={false}>
            {s.colourOf ? rows.map((r, i) => <Cell key={i} fill={s.colourOf!(r) ?? s.colour} />) : null}
          </Bar>
        ))}
      </BarChart>
    </ChartFrame>
  );
}

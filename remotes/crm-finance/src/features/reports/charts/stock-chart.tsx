import type { StockReportSlice } from '@repo/contracts';
import { barsByKey, otherSeries } from '../pivot';
import { HorizontalBars, otherColour, palette } from './chart-kit';

/**
 * The stock by category or warehouse: value at cost (with `see_cost`) or, without it, quantity. The ten
 * largest slices and «Прочие».
 */
export default function StockChart({ slices, seesCost }: { slices: StockReportSlice[]; seesCost: boolean }) {
  const measure = (s: StockReportSlice) => (seesCost ? (s.value ?? 0) : s.qty);
  const bars = barsByKey(
    slices.map((s) => ({ ...s, period: '' })),
    measure,
    10,
  );
  return (
    <HorizontalBars
      money={seesCost}
      rows={bars.map((b, i) => ({ label: b.label, amount: b.value, colour: b.id === otherSeries.id ? otherColour : palette[i % palette.length] }))}
      series={[{ key: 'amount', name: seesCost ? 'Стоимость' : 'Количество', colour: palette[0], colourOf: (r) => r.colour as string }]}
    />
  );
}

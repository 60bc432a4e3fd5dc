import type { RepairsReport } from '@repo/contracts';
import { HorizontalBars, palette } from './chart-kit';

/** Orders accepted and issued per status (in the status's own colour) or per engineer. */
export default function RepairsChart({ report }: { report: RepairsReport }) {
  // By status the accepted bars wear the statuses' colours (green among them): issued ones are dark grey then.
  const byStatus = report.rows.some((r) => r.colour);
  const rows = report.rows.map((r) => ({ label: r.label, count: r.count, issued: r.issued, colour: r.colour }));
  return (
    <HorizontalBars
      money={false}
      rows={rows}
      series={[
        { key: 'count', name: 'Принято', colour: palette[0], colourOf: (r) => r.colour as string | null },
        { key: 'issued', name: 'Выдано', colour: byStatus ? '#595959' : palette[1] },
      ]}
    />
  );
}

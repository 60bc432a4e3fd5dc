import type { PayrollReport } from '@repo/contracts';
import { HorizontalBars, palette } from './chart-kit';

/** Accrued, paid and due per employee. */
export default function PayrollChart({ report }: { report: PayrollReport }) {
  return (
    <HorizontalBars
      rows={report.rows.map((r) => ({ label: r.name, accrued: r.accrued, paid: r.paid, due: r.due }))}
      series={[
        { key: 'accrued', name: 'Начислено', colour: palette[0] },
        { key: 'paid', name: 'Выплачено', colour: palette[1] },
        { key: 'due', name: 'К выплате', colour: palette[2] },
      ]}
    />
  );
}

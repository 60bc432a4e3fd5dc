import type { CashflowReport } from '@repo/contracts';
import { expenseColour, HorizontalBars, incomeColour } from './chart-kit';

/** Income and expense per category or cashbox. */
export default function CashflowChart({ report }: { report: CashflowReport }) {
  return (
    <HorizontalBars
      rows={report.rows.map((r) => ({ label: r.label, income: r.income, expense: r.expense }))}
      series={[
        { key: 'income', name: 'Приход', colour: incomeColour },
        { key: 'expense', name: 'Расход', colour: expenseColour },
      ]}
    />
  );
}

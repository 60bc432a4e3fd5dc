import { useRule } from '@repo/ui';
import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { reportPaths } from '../urls';

const tabs = [
  { key: reportPaths.sales, label: 'Продажи и прибыль' },
  { key: reportPaths.repairs, label: 'Ремонты' },
  { key: reportPaths.stock, label: 'Склад' },
  { key: reportPaths.cashflow, label: 'Движение денег' },
  { key: reportPaths.payroll, label: 'Зарплата' },
];

/** What a report shares with the others when switching tabs: the period and the shops. */
const carried = ['from', 'to', 'all'];

/**
 * The five reports, one URL each (`/reports` is the sales report). Switching keeps the period and «Все
 * магазины», so the same days are looked at from another side. «Зарплата» shows with `view:payroll` too.
 */
export function ReportTabs() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const seesPayroll = useRule('view:payroll');
  const items = tabs.filter((t) => t.key !== reportPaths.payroll || seesPayroll);
  const active = items.find((t) => t.key !== reportPaths.sales && pathname.startsWith(t.key))?.key ?? reportPaths.sales;
  const go = (key: string) => {
    if (key === pathname) return;
    const from = new URLSearchParams(search);
    const next = new URLSearchParams();
    for (const name of carried) {
      const v = from.get(name);
      if (v !== null) next.set(name, v);
    }
    const query = next.toString();
    navigate(query ? `${key}?${query}` : key);
  };
  return <Tabs aria-label="Отчёты" activeKey={active} onTabClick={go} items={items} style={{ marginBottom: 4 }} />;
}

import { useRule } from '@repo/ui';
import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';

/** «Сотрудники | Зарплата» (by URL, so each can be linked). An open employee card keeps «Сотрудники» active. */
export const employeesBase = '/profileworker';
export const payrollPath = '/profileworker/payroll';
export const employeeUrl = (id: string) => `${employeesBase}/${id}`;

export function PeopleTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // «Сотрудники» is the section itself (its route checks the rule); «Зарплата» shows to those who may see statements.
  const seesPayroll = useRule('view:payroll');
  const tabs = [{ key: employeesBase, label: 'Сотрудники' }, ...(seesPayroll ? [{ key: payrollPath, label: 'Зарплата' }] : [])];
  const active = pathname.startsWith(payrollPath) ? payrollPath : employeesBase;
  return (
    <Tabs
      aria-label="Разделы сотрудников"
      activeKey={active}
      onTabClick={(key) => key !== pathname && navigate(key)}
      items={tabs}
      style={{ marginBottom: 8 }}
    />
  );
}

import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';

/** «Заказы поставщикам | Рекомендации к заказу» (as the stock tabs: by URL, so each can be linked). An open order keeps «Заказы» active. */
const tabs = [
  { path: '/procurement', label: 'Заказы поставщикам' },
  { path: '/procurement/suggestions', label: 'Рекомендации к заказу' },
] as const;

export function ProcurementTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = pathname.startsWith(tabs[1].path) ? tabs[1] : tabs[0];
  return (
    <Tabs
      aria-label="Разделы закупок"
      activeKey={active.path}
      onTabClick={(key) => key !== pathname && navigate(key)}
      items={tabs.map((t) => ({ key: t.path, label: t.label }))}
      style={{ marginBottom: 8 }}
    />
  );
}

import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';

/** The nested tabs of /stock (seed §2), navigating by URL so each tab can be linked. */
export const stockTabs = [
  { path: '/stock/leftovers', label: 'Остатки' },
  { path: '/stock/posting', label: 'Оприходование' },
  { path: '/stock/inventory', label: 'Инвентаризация' },
  { path: '/stock/displacement', label: 'Перемещения' },
  { path: '/stock/product', label: 'Карточка товара' },
  { path: '/stock/refund', label: 'Возвраты' },
  { path: '/stock/write-off', label: 'Списания' },
] as const;

export function StockTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = pathname === '/stock' ? stockTabs[0] : stockTabs.find((t) => pathname === t.path || pathname.startsWith(`${t.path}/`));
  return (
    <Tabs
      aria-label="Разделы склада"
      activeKey={active?.path ?? ''}
      // onTabClick, not onChange: on /stock the «Остатки» tab is shown active and must still lead to /stock/leftovers.
      onTabClick={(key) => key !== pathname && navigate(key)}
      items={stockTabs.map((t) => ({ key: t.path, label: t.label }))}
      style={{ marginBottom: 8 }}
    />
  );
}

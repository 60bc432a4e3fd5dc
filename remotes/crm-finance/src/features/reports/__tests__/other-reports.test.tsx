import type { RepairsReport, StockReport } from '@repo/contracts';
import { uiStore } from '@repo/shared-core';
import { renderPage } from '@repo/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RepairsReportPage } from '../pages/repairs-report-page';
import { StockReportPage } from '../pages/stock-report-page';

jest.mock('recharts', () => {
  const actual = jest.requireActual('recharts');
  const { cloneElement } = jest.requireActual('react');
  return { ...actual, ResponsiveContainer: ({ children, height }: { children: React.ReactElement; height: number }) => cloneElement(children, { width: 900, height }) };
});

const headers = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('columnheader').map((h) => h.textContent);

beforeEach(() => act(() => uiStore.getState().setReportsAllLocations(true)));

describe('the repairs report', () => {
  const report = (seesCost: boolean): RepairsReport => ({
    from: '2026-06-01',
    to: '2026-06-30',
    rows: [
      { key: 's1', label: 'В работе', colour: '#13c2c2', count: 12, issued: 0, avgHoursToReady: null, avgHoursToIssue: null, worksRevenue: 0, partsMargin: seesCost ? 0 : null },
      { key: 's2', label: 'Выдан', colour: '#8c8c8c', count: 30, issued: 28, avgHoursToReady: 53.2, avgHoursToIssue: 70.4, worksRevenue: 4_200_000, partsMargin: seesCost ? 1_100_000 : null },
    ],
    totals: { count: 42, issued: 28, avgHoursToReady: 53.2, avgHoursToIssue: 70.4, worksRevenue: 4_200_000, partsMargin: seesCost ? 1_100_000 : null, overdue: 1 },
    previous: { from: '2026-05-02', to: '2026-05-31', totals: { count: 40, issued: 30, avgHoursToReady: 60, avgHoursToIssue: 80, worksRevenue: 4_000_000, partsMargin: seesCost ? 900_000 : null } },
    overdue: [{ id: 'o1', number: 'З-000042', locationId: 'l1', statusName: 'Диагностика', statusColour: '#722ed1', engineerName: 'Петров Иван', clientName: 'Сидоров', device: 'Смартфон Apple iPhone 13', overdueAt: '2026-06-20T09:00:00.000Z', hoursOverdue: 30 }],
  });

  it('durations as «2 д 5 ч», a shorter repair is good news, the overdue order links to its card; no parts margin without see_cost', async () => {
    renderPage(<RepairsReportPage />, { route: '/reports/repairs?from=2026-06-01&to=2026-06-30&all=false', rules: ['view:report:all'], api: { 'get reports/repairs': report(false) } });
    const totals = await screen.findByTestId('report-table-totals');
    expect(totals.textContent!.replace(/\u00a0/g, ' ')).toContain('2 д 5 ч');
    expect(headers('report-table')).toEqual(['Статус', 'Принято', 'Выдано', 'До готовности', 'До выдачи', 'Работы']);
    expect(screen.queryByTestId('kpi-partsMargin')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('kpi-avgHoursToReady')).getByTestId('kpi-change')).toHaveAttribute('data-good', 'true');
    const overdue = screen.getByTestId('overdue-orders');
    expect(within(overdue).getByRole('link', { name: 'З-000042' })).toHaveAttribute('href', '/orders/o1');
    expect(overdue.textContent!.replace(/\u00a0/g, ' ')).toContain('1 д 6 ч');
  }, 60_000);

  it('with see_cost: the parts margin column and card', async () => {
    renderPage(<RepairsReportPage />, { route: '/reports/repairs?from=2026-06-01&to=2026-06-30&by=engineer&all=false', rules: ['view:report:all', 'see_cost'], api: { 'get reports/repairs': report(true) } });
    await screen.findByTestId('report-table-totals');
    expect(headers('report-table')).toEqual(['Инженер', 'Принято', 'Выдано', 'До готовности', 'До выдачи', 'Работы', 'Маржа запчастей']);
    expect(screen.getByTestId('kpi-partsMargin')).toBeInTheDocument();
  }, 60_000);
});

describe('the stock report', () => {
  const report = (seesCost: boolean): StockReport => ({
    at: '2026-06-30',
    value: seesCost ? 12_345_600 : null,
    qty: 57,
    rows: [{ productId: 'p1', name: 'Чехол iPhone 13', sku: 'CASE-13', categoryName: 'Аксессуары', qty: 7, value: seesCost ? 245_600 : null, lastSaleAt: null, daysWithoutSale: null }],
    total: 1,
    page: 1,
    pageSize: 50,
    byWarehouse: [{ key: 'w1', label: 'Основной склад', qty: 57, value: seesCost ? 12_345_600 : null }],
    byCategory: [{ key: 'c1', label: 'Аксессуары', qty: 57, value: seesCost ? 12_345_600 : null }],
    previous: { at: '2026-05-30', value: seesCost ? 10_000_000 : null, qty: 50 },
  });

  it('without see_cost: no value column or card, the chart counts pieces; the sort and slow movers go to the URL and the API', async () => {
    const page = renderPage(<StockReportPage />, {
      route: '/reports/stock?all=false',
      rules: ['view:report:all'],
      api: { 'get reports/stock': report(false) },
    });
    expect(await screen.findByText('Чехол iPhone 13')).toBeInTheDocument();
    expect(headers('stock-table')).not.toContain('Стоимость');
    expect(headers('stock-table')).toEqual(expect.arrayContaining(['Товар', 'Категория', 'Кол-во', 'Последняя продажа', 'Дней без продаж']));
    expect(screen.queryByTestId('kpi-value')).not.toBeInTheDocument();
    expect(screen.getByText('Количество по категориям')).toBeInTheDocument();
    expect(screen.getByText('не продавался')).toBeInTheDocument();
    fireEvent.click(screen.getByText('90+ дн.'));
    await waitFor(() => expect(page.location()).toContain('slowDays=90'));
    await waitFor(() => expect(page.api!.lastCall('get', 'reports/stock')?.query.slowDays).toBe('90'));
    fireEvent.click(screen.getByText('Кол-во'));
    await waitFor(() => expect(page.api!.lastCall('get', 'reports/stock')?.query.sort).toBe('qty'));
    expect(page.location()).toContain('sort=qty');
  }, 60_000);

  it('with see_cost: the value, its card against a month before', async () => {
    renderPage(<StockReportPage />, { route: '/reports/stock?at=2026-06-30&all=false', rules: ['view:report:all', 'see_cost'], api: { 'get reports/stock': report(true) } });
    await screen.findByText('Чехол iPhone 13');
    expect(headers('stock-table')).toContain('Стоимость');
    const card = screen.getByTestId('kpi-value');
    expect(card.textContent!.replace(/\u00a0/g, ' ')).toContain('123 456,00 ₽');
    expect(within(card).getByTestId('kpi-change').getAttribute('aria-label')).toContain('На 30.05.2026');
  }, 60_000);
});

import type { SalesReport, SalesReportRow } from '@repo/contracts';
import { notify, uiStore } from '@repo/shared-core';
import { renderPage, respondError, type FakeCall } from '@repo/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fileNameOf } from '../api';
import { salesSeries } from '../charts/sales-chart';
import { SalesReportPage } from '../pages/sales-report-page';
import { presetPeriod } from '../period';

// jsdom lays nothing out, so recharts' ResponsiveContainer measures 0 px and draws nothing: a fixed size here.
jest.mock('recharts', () => {
  const actual = jest.requireActual('recharts');
  const { cloneElement } = jest.requireActual('react');
  return { ...actual, ResponsiveContainer: ({ children, height }: { children: React.ReactElement; height: number }) => cloneElement(children, { width: 900, height }) };
});

const row = (period: string, key: string, label: string, revenue: number, cost: number | null): SalesReportRow => ({
  period,
  key,
  label,
  revenue,
  cost,
  grossProfit: cost === null ? null : revenue - cost,
  margin: cost === null ? null : Math.round(((revenue - cost) / revenue) * 10_000) / 100,
  count: 2,
  avgCheck: Math.round(revenue / 2),
  returns: 0,
});

/** What the API answers: with `see_cost` the cost figures, without it null (as the server does). */
function salesReport(call: FakeCall, seesCost: boolean): SalesReport {
  const cost = (v: number) => (seesCost ? v : null);
  const rows =
    call.query.by === 'category'
      ? [row('2026-06-01', 'c1', 'Аксессуары', 300_000, cost(120_000)), row('2026-06-01', 'c2', 'Смартфоны', 1_000_000, cost(800_000)), row('2026-06-02', 'c1', 'Аксессуары', 200_000, cost(80_000))]
      : [row('2026-06-01', 'none', 'Все продажи', 1_300_000, cost(920_000)), row('2026-06-02', 'none', 'Все продажи', 200_000, cost(80_000))];
  const all = call.query.allLocations === 'true';
  const k = all ? 3 : 1;
  return {
    from: call.query.from,
    to: call.query.to,
    rows: rows.map((r) => ({ ...r, revenue: r.revenue * k })),
    totals: { revenue: 1_500_000 * k, cost: cost(1_000_000), grossProfit: seesCost ? 1_500_000 * k - 1_000_000 : null, margin: seesCost ? 33.33 : null, count: 6, avgCheck: 250_000, returns: 10_000 },
    previous: { from: '2026-05-02', to: '2026-05-31', totals: { revenue: 1_000_000, cost: cost(700_000), grossProfit: seesCost ? 300_000 : null, margin: seesCost ? 30 : null, count: 5, avgCheck: 200_000, returns: 20_000 } },
  };
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

beforeEach(() => {
  act(() => {
    uiStore.getState().setReportsAllLocations(true);
    uiStore.getState().setRangeDateFilters('reports', null);
  });
});

describe('the sales report', () => {
  it('with see_cost: cost, gross profit and margin in the table and the cards; the totals row; the change against the previous period', async () => {
    renderPage(<SalesReportPage />, {
      route: '/reports?from=2026-06-01&to=2026-06-30&by=category&all=false',
      rules: ['view:report:all', 'see_cost'],
      api: { 'get reports/sales': (call) => salesReport(call, true) },
    });
    const totals = await screen.findByTestId('report-table-totals');
    expect(totals.textContent!.replace(/\u00a0/g, ' ')).toContain('15 000,00 ₽');
    expect(headers()).toEqual(expect.arrayContaining(['Период', 'Категория', 'Выручка', 'Себестоимость', 'Валовая прибыль', 'Маржа', 'Продаж', 'Средний чек', 'Возвраты']));
    const table = screen.getByTestId('report-table');
    expect(within(table).getAllByRole('row').filter((r) => r.classList.contains('ant-table-row'))).toHaveLength(3);
    expect(within(table).getAllByText('01.06.2026')).toHaveLength(2);
    // Revenue 15 000 ₽ against 10 000 ₽: +5 000 ₽, +50 %, good news; returns fell: good news too.
    const revenue = screen.getByTestId('kpi-revenue');
    expect(within(revenue).getByTestId('kpi-change').textContent!.replace(/\u00a0/g, ' ')).toContain('+5 000,00 ₽ (+50,0 %)');
    expect(within(revenue).getByTestId('kpi-change')).toHaveAttribute('data-good', 'true');
    expect(within(screen.getByTestId('kpi-returns')).getByTestId('kpi-change')).toHaveAttribute('data-good', 'true');
    expect(within(screen.getByTestId('kpi-margin')).getByTestId('kpi-change').textContent).toContain('п.п.');
    for (const key of ['cost', 'grossProfit', 'margin']) expect(screen.getByTestId(`kpi-${key}`)).toBeInTheDocument();
    // The chart (a lazy chunk) stacks the revenue by category: one legend entry per key.
    const chart = screen.getByTestId('report-chart');
    expect(await within(chart).findByText('Смартфоны')).toBeInTheDocument();
    expect(within(chart).getByText('Аксессуары')).toBeInTheDocument();
  }, 60_000);

  it('without see_cost: no cost, gross profit or margin anywhere — columns, cards, chart series — and no Excel without export:report', async () => {
    renderPage(<SalesReportPage />, {
      route: '/reports?from=2026-06-01&to=2026-06-30&all=false',
      rules: ['view:report:all'],
      api: { 'get reports/sales': (call) => salesReport(call, false) },
    });
    await screen.findByTestId('report-table-totals');
    expect(headers()).toEqual(['Период', 'Выручка', 'Продаж', 'Средний чек', 'Возвраты']);
    for (const key of ['cost', 'grossProfit', 'margin']) expect(screen.queryByTestId(`kpi-${key}`)).not.toBeInTheDocument();
    expect(screen.getByTestId('kpi-revenue')).toBeInTheDocument();
    // The chart draws the revenue only: its legend has no gross-profit line.
    expect(await within(screen.getByTestId('report-chart')).findByText('Выручка')).toBeInTheDocument();
    expect(screen.queryByText(/Себестоимость|Валовая прибыль|Маржа/)).not.toBeInTheDocument();
    expect(salesSeries(false).map((s) => s.key)).toEqual(['revenue']);
    expect(salesSeries(true).map((s) => s.key)).toEqual(['revenue', 'grossProfit']);
    expect(screen.queryByRole('button', { name: /Excel/ })).not.toBeInTheDocument();
  }, 60_000);

  it('«Все магазины» starts from the seed flag, writes the URL and the flag, and asks for every shop', async () => {
    const page = renderPage(<SalesReportPage />, {
      route: '/reports?from=2026-06-01&to=2026-06-30',
      rules: ['view:report:all'],
      api: { 'get reports/sales': (call) => salesReport(call, false) },
    });
    // reports.isAllLocations is true by default: the URL is completed with it, the API is asked for every shop.
    await waitFor(() => expect(page.location()).toContain('all=true'));
    await waitFor(() => expect(page.api!.lastCall('get', 'reports/sales')?.query.allLocations).toBe('true'));
    expect((await screen.findByTestId('kpi-revenue')).textContent!.replace(/\u00a0/g, ' ')).toContain('45 000,00 ₽');
    fireEvent.click(screen.getByLabelText('Все магазины'));
    await waitFor(() => expect(page.location()).toContain('all=false'));
    expect(uiStore.getState().reports.isAllLocations).toBe(false);
    await waitFor(() => expect(screen.getByTestId('kpi-revenue').textContent!.replace(/\u00a0/g, ' ')).toContain('15 000,00 ₽'));
    expect(page.api!.lastCall('get', 'reports/sales')?.query.allLocations).toBeUndefined();
  }, 60_000);

  it('without view:report at scope all there is no switch and the report is the shop’s, whatever the flag', async () => {
    const page = renderPage(<SalesReportPage />, {
      route: '/reports?from=2026-06-01&to=2026-06-30&all=true',
      rules: ['view:report:location'],
      api: { 'get reports/sales': (call) => salesReport(call, false) },
    });
    await screen.findByTestId('report-table-totals');
    expect(screen.queryByLabelText('Все магазины')).not.toBeInTheDocument();
    expect(page.api!.lastCall('get', 'reports/sales')?.query.allLocations).toBeUndefined();
  }, 60_000);

  it('the grouping and the cut go into the URL and the query; a URL without a period gets this month so far', async () => {
    const page = renderPage(<SalesReportPage />, {
      route: '/reports',
      rules: ['view:report:location'],
      api: { 'get reports/sales': (call) => salesReport(call, false) },
    });
    const month = presetPeriod('month');
    await waitFor(() => expect(page.location()).toContain(`from=${month.from}&to=${month.to}`));
    fireEvent.click(screen.getByText('Месяц'));
    await waitFor(() => expect(page.location()).toContain('groupBy=month'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Разрез' }));
    fireEvent.click(await screen.findByTitle('Категория'));
    await waitFor(() => expect(page.location()).toContain('by=category'));
    await waitFor(() => expect(page.api!.lastCall('get', 'reports/sales')?.query).toMatchObject({ groupBy: 'month', by: 'category', from: month.from, to: month.to }));
  }, 60_000);

  it('a preset of the picker sets the period, remembered for the other reports (range_date_filters.reports)', async () => {
    const page = renderPage(<SalesReportPage />, {
      route: '/reports?from=2026-06-01&to=2026-06-30',
      rules: ['view:report:location'],
      api: { 'get reports/sales': (call) => salesReport(call, false) },
    });
    await screen.findByTestId('report-table-totals');
    const start = screen.getAllByLabelText('Период отчёта')[0];
    fireEvent.mouseDown(start);
    fireEvent.focus(start);
    fireEvent.click(start);
    fireEvent.click(await screen.findByText('Прошлый месяц'));
    const last = presetPeriod('lastMonth');
    await waitFor(() => expect(uiStore.getState().range_date_filters.reports).toEqual([last.from, last.to]));
    expect(page.location()).toContain(`from=${last.from}&to=${last.to}`);
    await waitFor(() => expect(page.api!.lastCall('get', 'reports/sales')?.query).toMatchObject({ from: last.from, to: last.to }));
  }, 60_000);

  it('Excel downloads the server’s file of the same filters; a refusal shows the server’s message', async () => {
    const created = jest.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const page = renderPage(<SalesReportPage />, {
      route: '/reports?from=2026-06-01&to=2026-06-30&by=category&all=false',
      rules: ['view:report:all', 'export:report:all'],
      api: { 'get reports/sales': (call) => (call.query.format === 'xlsx' ? new Blob(['xlsx']) : salesReport(call, false)) },
    });
    await screen.findByTestId('report-table-totals');
    const excel = screen.getByRole('button', { name: /Excel/ });
    fireEvent.click(excel);
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    await waitFor(() => expect(excel).not.toHaveClass('ant-btn-loading'));
    expect(page.api!.lastCall('get', 'reports/sales')?.query).toMatchObject({ from: '2026-06-01', to: '2026-06-30', by: 'category', groupBy: 'day', format: 'xlsx' });
    expect(created).toHaveBeenCalled();
    // A refusal (its body is a Blob in a browser) is shown with the server's message and does not sign out.
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    page.api!.once('get', 'reports/sales', respondError(403, 'Нет права: выгрузка — отчёты', 'forbidden'));
    fireEvent.click(excel);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Нет права: выгрузка — отчёты'));
    expect(page.location()).toContain('/reports');
    clicked.mockRestore();
    error.mockRestore();
  }, 60_000);

  it('names the file as the server does (UTF-8 first)', () => {
    expect(fileNameOf(`attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent('Продажи 01.06.2026.xlsx')}`)).toBe('Продажи 01.06.2026.xlsx');
    expect(fileNameOf('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(fileNameOf(undefined)).toBeNull();
  });
});

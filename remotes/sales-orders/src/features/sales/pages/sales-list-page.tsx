import { DownloadOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { paymentMethodLabels, paymentMethods, saleStatusLabels, type PaymentMethod, type SaleListItem } from '@repo/contracts';
import { dayjs, formatDateTime, formatMoney, getApiError, notify } from '@repo/shared-core';
import { Can, DataTable, defineTableParams, useTableParams, type ColumnDrop } from '@repo/ui';
import { Button, Card, Checkbox, Col, DatePicker, Flex, Input, Row, Select, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useStaff } from '../../repair-orders/api';
import { fetchAllSales, useSales } from '../api';
import { saleCounterUrl, saleUrl } from '../urls';

const spec = defineTableParams({ filters: { from: 'string', to: 'string', employeeId: 'string', clientId: 'string', method: 'string', search: 'string', cancelled: 'boolean', creditPending: 'boolean' }, pageSize: 50 });

const statusColor = { draft: 'default', posted: 'green', cancelled: 'red' } as const;

/** The journal fits its width: at 1024 px the seller and the discount columns give way. */
const columnDrops: ColumnDrop[] = [{ below: 1000, keys: ['employee', 'discount'] }];
/** Below this the kept columns no longer fit (a phone): the table scrolls inside itself. */
const minTableWidth = 700;

/**
 * `/sales/list`: the journal of sales with filters in the URL (dates, employee, client, payment method,
 * number) and the totals of the filtered rows; Excel export of the same rows.
 */
export function SalesListPage() {
  const navigate = useNavigate();
  const table = useTableParams(spec);
  const f = table.params.filters;
  // The current month by default: the journal opens on what a shop looks at first.
  const from = f.from ?? dayjs().startOf('month').format('YYYY-MM-DD');
  const to = f.to ?? dayjs().format('YYYY-MM-DD');
  const filters = { from, to, employeeId: f.employeeId, clientId: f.clientId, method: f.method as PaymentMethod | undefined, search: f.search, withCancelled: f.cancelled ? ('true' as const) : undefined, creditPending: f.creditPending ? ('true' as const) : undefined };
  const query = useSales({ ...filters, page: table.params.page, pageSize: table.params.pageSize });
  const staff = useStaff();
  const [exporting, setExporting] = useState(false);
  const totals = query.data?.totals;

  async function exportExcel() {
    setExporting(true);
    try {
      const rows = await fetchAllSales(filters);
      const { default: writeXlsxFile } = await import(/* webpackChunkName: "write-excel-file" */ 'write-excel-file/browser');
      const head = ['Номер', 'Дата', 'Статус', 'Клиент', 'Сотрудник', 'Сумма, ₽', 'Скидка, ₽', 'Итого, ₽', 'Оплачено, ₽', 'Кредит, ₽', 'Возвращено, ₽', 'Оплата'].map((value) => ({ value, fontWeight: 'bold' as const }));
      const num = (k: number) => ({ value: k / 100, type: Number, format: '#,##0.00' });
      const data = rows.map((s) => [
        { value: s.number },
        { value: formatDateTime(s.postedAt ?? s.createdAt) },
        { value: saleStatusLabels[s.status] },
        { value: s.client?.name ?? '' },
        { value: s.employee?.name ?? '' },
        num(s.subtotal),
        num(s.discount),
        num(s.total),
        num(s.paid),
        num(s.creditAmount),
        num(s.returned),
        { value: s.methods.map((m) => paymentMethodLabels[m]).join(', ') },
      ]);
      await writeXlsxFile([head, ...data] as never, { columns: [14, 18, 12, 28, 24, 12, 12, 12, 12, 12, 12, 18].map((width) => ({ width })) }).toFile(`Продажи ${from} — ${to}.xlsx`);
    } catch (e) {
      notify.error(getApiError(e).message);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          aria-label="Период"
          value={[dayjs(from), dayjs(to)]}
          format="DD.MM.YYYY"
          allowClear={false}
          onChange={(v) => v && table.setParams({ filters: { from: v[0]?.format('YYYY-MM-DD'), to: v[1]?.format('YYYY-MM-DD') } })}
        />
        <Select
          allowClear
          placeholder="Сотрудник"
          aria-label="Сотрудник"
          value={f.employeeId}
          onChange={(v: string | undefined) => table.setParams({ filters: { employeeId: v } })}
          options={(staff.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          style={{ width: 200 }}
        />
        <Select
          allowClear
          placeholder="Способ оплаты"
          aria-label="Способ оплаты"
          value={f.method}
          onChange={(v: string | undefined) => table.setParams({ filters: { method: v } })}
          options={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
          style={{ width: 160 }}
        />
        <Input.Search allowClear placeholder="Номер продажи" aria-label="Номер продажи" defaultValue={f.search} onSearch={(v) => table.setParams({ filters: { search: v.trim() || undefined } })} style={{ width: 200 }} />
        <Select
          aria-label="Отменённые"
          value={f.cancelled ? 'with' : 'without'}
          onChange={(v) => table.setParams({ filters: { cancelled: v === 'with' || undefined } })}
          options={[
            { value: 'without', label: 'Без отменённых' },
            { value: 'with', label: 'С отменёнными' },
          ]}
          style={{ width: 170 }}
        />
        <Checkbox checked={!!f.creditPending} onChange={(e) => table.setParams({ filters: { creditPending: e.target.checked || undefined } })} data-testid="sales-credit-pending">
          Ждём деньги партнёра
        </Checkbox>
        {f.clientId ? (
          <Tag closable onClose={() => table.setParams({ filters: { clientId: undefined } })}>
            Клиент выбран
          </Tag>
        ) : null}
        <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
          <Can rule="export:sale">
            <Button icon={<DownloadOutlined />} onClick={() => void exportExcel()} loading={exporting}>
              Excel
            </Button>
          </Can>
          <Can rule="create:sale">
            <Link to={saleCounterUrl()}>
              <Button type="primary" icon={<ShoppingCartOutlined />}>
                Новая продажа
              </Button>
            </Link>
          </Can>
        </Flex>
      </Flex>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }} data-testid="sales-totals">
        <Col xs={12} md={6} xl={4}>
          <Card size="small">
            <Statistic title="Продаж" value={totals?.count ?? 0} loading={query.isPending} />
          </Card>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Card size="small">
            <Statistic title="Выручка" value={formatMoney(totals?.total ?? 0)} loading={query.isPending} />
          </Card>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Card size="small">
            <Statistic title="Скидки" value={formatMoney(totals?.discount ?? 0)} loading={query.isPending} />
          </Card>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Card size="small">
            <Statistic title="Возвраты" value={formatMoney(totals?.returned ?? 0)} loading={query.isPending} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small">
            <Typography.Text type="secondary">По способам оплаты</Typography.Text>
            <Flex gap={16} wrap style={{ marginTop: 4 }}>
              {paymentMethods.map((m) => (
                <span key={m}>
                  {paymentMethodLabels[m]}: <Typography.Text strong>{formatMoney(totals?.byMethod[m] ?? 0)}</Typography.Text>
                </span>
              ))}
            </Flex>
          </Card>
        </Col>
      </Row>
      <div data-testid="sales-table">
        <DataTable
          rowKey="id"
          table={table}
          query={query}
          size="small"
          tableLayout="fixed"
          fit={{ drops: columnDrops, minWidth: minTableWidth }}
          emptyText="За этот период продаж нет"
          onRow={(s: SaleListItem) => ({ onClick: () => navigate(saleUrl(s.id)), style: { cursor: 'pointer' } })}
          columns={[
            { key: 'number', title: '№', width: 120, render: (_, s: SaleListItem) => <Link to={saleUrl(s.id)}>{s.number}</Link> },
            { key: 'date', title: 'Дата', width: 140, render: (_, s: SaleListItem) => formatDateTime(s.postedAt ?? s.createdAt) },
            {
              key: 'status',
              title: 'Статус',
              width: 130,
              render: (_, s: SaleListItem) => (
                <>
                  <Tag color={statusColor[s.status]}>{saleStatusLabels[s.status]}</Tag>
                  {s.returned ? <Tag color="orange">возврат</Tag> : null}
                </>
              ),
            },
            { key: 'client', title: 'Клиент', ellipsis: true, render: (_, s: SaleListItem) => s.client?.name ?? '—' },
            { key: 'employee', title: 'Сотрудник', width: 170, ellipsis: true, render: (_, s: SaleListItem) => s.employee?.name ?? '—' },
            {
              key: 'methods',
              title: 'Оплата',
              width: 160,
              render: (_, s: SaleListItem) => (
                <>
                  {[...s.methods.map((m) => paymentMethodLabels[m]), ...(s.creditAmount ? ['кредит'] : [])].join(', ') || '—'}
                  {s.creditPending ? (
                    <div>
                      <Tag color="gold" title="Доля кредитного партнёра ещё не поступила на расчётный счёт">
                        ждём партнёра
                      </Tag>
                    </div>
                  ) : null}
                </>
              ),
            },
            { key: 'discount', title: 'Скидка', width: 110, align: 'right', render: (_, s: SaleListItem) => (s.discount ? formatMoney(s.discount) : '—') },
            { key: 'total', title: 'Итого', width: 130, align: 'right', render: (_, s: SaleListItem) => <Typography.Text strong>{formatMoney(s.total)}</Typography.Text> },
          ]}
        />
      </div>
    </>
  );
}

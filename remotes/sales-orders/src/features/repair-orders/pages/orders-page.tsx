import { AppstoreOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import { orderStatusGroupLabels, orderStatusGroups, ruleScope, type OrderListItem, type OrderStatusGroup } from '@repo/contracts';
import { dayjs, formatDate, formatDateTime, formatMoney } from '@repo/shared-core';
import { DataTable, defineTableParams, useRule, useRules, useTableParams, type ColumnDrop } from '@repo/ui';
import { Checkbox, DatePicker, Flex, Input, Segmented, Select, Tag, Typography, Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useOrderBoard, useOrderMutations, useOrders, useOrderStatuses, useStaff } from '../api';
import { IntakeDrawer } from '../components/intake-drawer';
import { OrderBoard } from '../components/order-board';
import { useOrderRight } from '../components/order-rights';
import { deviceTitle, StatusTag } from '../components/status-tag';

const spec = defineTableParams({
  filters: { search: 'string', status: 'string', group: 'string', engineerId: 'string', overdue: 'boolean', finished: 'boolean', from: 'string', to: 'string' },
  pageSize: 50,
});

/**
 * The list fits its width without sideways scrolling: the secondary columns go first when it is narrow
 * (1024 px: the date of intake and the engineer; narrower still: the amount due). Number, status,
 * device, client, due date and total always stay.
 */
const columnDrops: ColumnDrop[] = [
  { below: 1100, keys: ['createdAt', 'engineer'] },
  { below: 820, keys: ['due'] },
];
/** Below this the kept columns no longer fit (a phone): the table scrolls inside itself. */
const minTableWidth = 640;

/**
 * `/orders`: the repair orders of the shop as a table (filters in the URL) or a board by status group
 * (`?view=board`, drag a card to change its status). An engineer sees their own orders first.
 * «Новый заказ» opens the intake (`?new=1`); the planner's «Оформить заказ» adds `&appointment=<id>` (prefilled).
 */
export function OrdersPage() {
  const table = useTableParams(spec);
  const f = table.params.filters;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const view = params.get('view') === 'board' ? 'board' : 'table';
  const intakeOpen = params.get('new') === '1';
  const setParam = (name: string, value: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const { rules, isOwner } = useRules();
  // Someone who edits only their own orders (an engineer) sees them first.
  const mineFirst = !isOwner && ruleScope(rules, 'edit', 'repair_order') === 'own';
  const mayMove = useOrderRight('edit');
  const canCreate = useRule('create:repair_order');
  const statuses = useOrderStatuses();
  const staff = useStaff();
  const query = useOrders({
    page: table.params.page,
    pageSize: table.params.pageSize,
    search: f.search,
    status: f.status,
    group: f.group as OrderStatusGroup | undefined,
    engineerId: f.engineerId,
    overdue: f.overdue ? 'true' : undefined,
    finished: f.finished ? 'true' : undefined,
    mineFirst: mineFirst ? 'true' : undefined,
    from: f.from,
    to: f.to,
  } as never);
  const board = useOrderBoard({ engineerId: f.engineerId, search: f.search });
  const { status } = useOrderMutations();
  const filtered = !!(f.search || f.status || f.group || f.engineerId || f.overdue || f.from || f.to);

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Segmented
          value={view}
          onChange={(v) => setParam('view', v === 'board' ? 'board' : null)}
          options={[
            { value: 'table', label: 'Таблица', icon: <TableOutlined /> },
            { value: 'board', label: 'Доска', icon: <AppstoreOutlined /> },
          ]}
        />
        <Input.Search
          allowClear
          placeholder="Номер, телефон, имя, IMEI или серийный номер"
          defaultValue={f.search}
          onSearch={(v) => table.setParams({ filters: { search: v.trim() || undefined } })}
          style={{ width: 330 }}
          aria-label="Поиск заказа"
        />
        {view === 'table' ? (
          <>
            <Select
              allowClear
              placeholder="Статус"
              value={f.status}
              onChange={(v: string | undefined) => table.setParams({ filters: { status: v, group: undefined } })}
              options={(statuses.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              style={{ width: 170 }}
              aria-label="Статус"
            />
            <Select
              allowClear
              placeholder="Группа"
              value={f.group}
              onChange={(v: string | undefined) => table.setParams({ filters: { group: v, status: undefined } })}
              options={orderStatusGroups.map((g) => ({ value: g, label: orderStatusGroupLabels[g] }))}
              style={{ width: 150 }}
              aria-label="Группа статусов"
            />
          </>
        ) : null}
        <Select
          allowClear
          placeholder="Мастер"
          value={f.engineerId}
          onChange={(v: string | undefined) => table.setParams({ filters: { engineerId: v } })}
          options={(staff.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
          style={{ width: 190 }}
          aria-label="Мастер"
        />
        {view === 'table' ? (
          <>
            <DatePicker.RangePicker
              format="DD.MM.YYYY"
              value={f.from || f.to ? [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null] : null}
              onChange={(range) =>
                table.setParams({ filters: { from: range?.[0]?.format('YYYY-MM-DD') ?? undefined, to: range?.[1]?.format('YYYY-MM-DD') ?? undefined } })
              }
              placeholder={['Принят с', 'по']}
              aria-label="Дата приёма"
            />
            <Checkbox checked={!!f.overdue} onChange={(e) => table.setParams({ filters: { overdue: e.target.checked || undefined } })}>
              Просроченные
            </Checkbox>
            <Checkbox checked={!!f.finished} onChange={(e) => table.setParams({ filters: { finished: e.target.checked || undefined } })}>
              Закрытые
            </Checkbox>
          </>
        ) : null}
        <Flex gap={8} align="center" style={{ marginInlineStart: 'auto' }}>
          {view === 'table' && query.data ? <Typography.Text type="secondary">{query.data.totalExact ? `${query.data.total} в списке` : `более ${query.data.total} — уточните фильтр`}</Typography.Text> : null}
          {canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setParam('new', '1')}>
              Новый заказ
            </Button>
          ) : null}
        </Flex>
      </Flex>

      {view === 'board' ? (
        <OrderBoard query={board} statuses={statuses.data ?? []} canMove={mayMove} onMove={(order, target) => status.mutateAsync({ orderId: order.id, statusId: target.id })} />
      ) : (
        <div data-testid="orders-table">
          <DataTable
            rowKey="id"
            table={table}
            query={query}
            size="small"
            tableLayout="fixed"
            fit={{ drops: columnDrops, minWidth: minTableWidth }}
            emptyText={filtered ? 'Заказов с такими условиями нет' : 'Заказов в работе нет: примите первое устройство'}
            rowClassName={(o: OrderListItem) => (o.overdue ? 'order-row-overdue' : '')}
            onRow={(o: OrderListItem) => ({
              onClick: () => navigate(`/orders/${o.id}`),
              style: { cursor: 'pointer', background: o.overdue ? 'var(--ant-color-error-bg, #fff2f0)' : undefined },
            })}
            columns={[
              {
                key: 'number',
                title: '№',
                width: 112,
                render: (_, o: OrderListItem) => (
                  <>
                    <Typography.Link onClick={() => navigate(`/orders/${o.id}`)}>{o.number}</Typography.Link>
                    {o.warrantyOfId ? <Tag color="gold" style={{ marginInlineStart: 4 }}>гарантия</Tag> : null}
                  </>
                ),
              },
              { key: 'createdAt', title: 'Принят', width: 100, render: (_, o: OrderListItem) => formatDateTime(o.createdAt) },
              {
                key: 'status',
                title: 'Статус',
                width: 140,
                render: (_, o: OrderListItem) => (
                  <Flex gap={4} wrap>
                    <StatusTag status={o.status} />
                    {o.overdue ? <Tag color="error">просрочен</Tag> : null}
                    {o.urgent ? <Tag color="volcano">срочно</Tag> : null}
                  </Flex>
                ),
              },
              {
                key: 'device',
                title: 'Устройство',
                render: (_, o: OrderListItem) => (
                  <>
                    <Typography.Text ellipsis={{ tooltip: deviceTitle(o.device) }} style={{ display: 'block' }}>
                      {deviceTitle(o.device)}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: o.malfunction }}>
                      {o.malfunction}
                    </Typography.Text>
                  </>
                ),
              },
              {
                key: 'client',
                title: 'Клиент',
                render: (_, o: OrderListItem) => (
                  <>
                    <Typography.Text ellipsis={{ tooltip: o.client.name }} style={{ display: 'block' }}>
                      {o.client.name}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {o.client.phone ?? ''}
                    </Typography.Text>
                  </>
                ),
              },
              { key: 'engineer', title: 'Мастер', width: 130, ellipsis: true, render: (_, o: OrderListItem) => o.engineerName ?? '—' },
              { key: 'dueAt', title: 'Срок', width: 96, render: (_, o: OrderListItem) => (o.dueAt ? formatDate(o.dueAt) : '—') },
              { key: 'total', title: 'Сумма', width: 110, align: 'right', render: (_, o: OrderListItem) => (o.total ? formatMoney(o.total) : o.estimate ? `≈ ${formatMoney(o.estimate)}` : '—') },
              {
                key: 'due',
                title: 'К оплате',
                width: 110,
                align: 'right',
                render: (_, o: OrderListItem) => (o.due > 0 ? <Typography.Text type="danger">{formatMoney(o.due)}</Typography.Text> : o.due < 0 ? <Typography.Text type="success">аванс {formatMoney(-o.due)}</Typography.Text> : '—'),
              },
            ]}
          />
        </div>
      )}
      {intakeOpen && canCreate ? (
        <IntakeDrawer
          open
          appointmentId={params.get('appointment')}
          onClose={() =>
            setParams((p) => {
              const next = new URLSearchParams(p);
              next.delete('new');
              next.delete('appointment');
              return next;
            })
          }
          onCreated={(o) => navigate(`/orders/${o.id}?dialog=print`)}
        />
      ) : null}
    </>
  );
}

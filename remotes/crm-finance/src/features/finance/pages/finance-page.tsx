import { DownloadOutlined, MinusOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { cashboxKindLabels, type CashLedgerRow, type CashOperationDraft, type CashOperationKind, type CashShift, type Cashbox } from '@repo/contracts';
import { dayjs, formatDateTime, formatMoney, getApiError, notify, uiStore, useLocationStore } from '@repo/shared-core';
import { Can, DataTable, DateCell, QueryError, defineTableParams, useRule, useTableParams } from '@repo/ui';
import { Button, Card, DatePicker, Flex, Select, Skeleton, Tabs, Tag, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fetchAllPages, moneyCell, saveXlsx } from '../../../shared/excel';
import { useCashboxes, useClientOptions, useFinanceCategories, useLedger, useShifts } from '../api';
import { categoryTree } from '../categories';
import { CategoriesTab } from '../components/categories-tab';
import { OperationDialog } from '../components/operation-dialog';
import { OperationDrawer } from '../components/operation-drawer';
import { CloseShiftDialog, OpenShiftDialog } from '../components/shift-dialogs';
import { ShiftsTab } from '../components/shifts-tab';

/** The cash ledger fits a 1024 screen: the cashbox and the client give way there (the operation's card shows them). */
const ledgerFit = { drops: [{ below: 1100, keys: ['cashbox', 'client'] }], minWidth: 720 };

const spec = defineTableParams({
  filters: { cashboxId: 'string', from: 'string', to: 'string', categoryId: 'string', clientId: 'string' },
  pageSize: 50,
});

type Dialog = { kind: CashOperationKind; draft?: CashOperationDraft | null } | { openShift: Cashbox } | { closeShift: CashShift } | null;

/**
 * `/finance`: the cashboxes of the shop at a glance (balance, the open shift with its buttons), the
 * cash ledger with a running balance (filters and the open operation in the URL), shifts and the
 * category tree. Every change, one's own or a colleague's, refreshes it (realtime events).
 */
export function FinancePage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') ?? 'ledger';
  const openId = search.get('op');
  const setParam = (name: string, value: string | null) =>
    setSearch(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: name === 'op' ? false : true },
    );
  const current = useLocationStore((s) => s.current?._id);
  const cashboxes = useCashboxes();
  const shifts = useShifts({ page: 1, pageSize: 1 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const table = useTableParams(spec);
  const f = table.params.filters;

  const mine = (cashboxes.data ?? []).filter((c) => c.locationId === current);
  const openShiftOf = (cashboxId: string) => (shifts.data?.open ?? []).find((s) => s.cashboxId === cashboxId) ?? null;
  const total = mine.reduce((s, c) => s + c.balance, 0);

  return (
    <>
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        {cashboxes.isError ? <QueryError error={cashboxes.error} onRetry={() => void cashboxes.refetch()} /> : null}
        {cashboxes.isPending ? <Skeleton active paragraph={{ rows: 2 }} style={{ maxWidth: 480 }} /> : null}
        {cashboxes.data ? (
          // Equal cards in a grid: a shop's cash, card and bank boxes line up at any width.
          <div data-testid="cashboxes" style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
            {mine.length === 0 ? <Typography.Text type="secondary">В этом магазине нет касс: добавьте их в настройках.</Typography.Text> : null}
            {mine.map((c) => (
              <CashboxCard
                key={c.id}
                cashbox={c}
                shift={openShiftOf(c.id)}
                selected={f.cashboxId === c.id}
                onSelect={() => table.setParams({ filters: { cashboxId: f.cashboxId === c.id ? undefined : c.id } })}
                onOpenShift={() => setDialog({ openShift: c })}
                onCloseShift={(s) => setDialog({ closeShift: s })}
              />
            ))}
          </div>
        ) : null}
        <Flex gap={8} wrap align="center">
          {mine.length > 1 ? (
            <Typography.Text type="secondary" data-testid="cashboxes-total">
              Всего в магазине: <Typography.Text strong>{formatMoney(total)}</Typography.Text>
            </Typography.Text>
          ) : null}
          <Can rule="create:finance">
            <Flex gap={8} wrap style={{ marginInlineStart: 'auto' }}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'income' })}>
                Приход
              </Button>
              <Button icon={<MinusOutlined />} onClick={() => setDialog({ kind: 'expense' })}>
                Расход
              </Button>
              <Button icon={<SwapOutlined />} onClick={() => setDialog({ kind: 'transfer' })}>
                Перемещение
              </Button>
            </Flex>
          </Can>
        </Flex>
      </Flex>

      <Tabs
        activeKey={tab}
        onChange={(k) => setParam('tab', k === 'ledger' ? null : k)}
        items={[
          { key: 'ledger', label: 'Движение денег', children: <LedgerTab table={table} cashboxes={cashboxes.data ?? []} onOpen={(id) => setParam('op', id)} /> },
          { key: 'shifts', label: 'Кассовые смены', children: <ShiftsTab /> },
          { key: 'categories', label: 'Статьи', children: <CategoriesTab /> },
        ]}
      />

      <OperationDrawer id={openId} onClose={() => setParam('op', null)} onCopy={(draft) => setDialog({ kind: draft.kind, draft })} />
      {dialog && 'kind' in dialog ? (
        <OperationDialog
          kind={dialog.kind}
          draft={dialog.draft}
          defaultCashboxId={f.cashboxId && mine.some((c) => c.id === f.cashboxId) ? f.cashboxId : undefined}
          onClose={() => setDialog(null)}
          onPosted={(id) => {
            setDialog(null);
            if (dialog.draft) setParam('op', id);
          }}
        />
      ) : null}
      {dialog && 'openShift' in dialog ? <OpenShiftDialog cashbox={dialog.openShift} onClose={() => setDialog(null)} /> : null}
      {dialog && 'closeShift' in dialog ? <CloseShiftDialog shift={dialog.closeShift} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

function CashboxCard({
  cashbox,
  shift,
  selected,
  onSelect,
  onOpenShift,
  onCloseShift,
}: {
  cashbox: Cashbox;
  shift: CashShift | null;
  selected: boolean;
  onSelect: () => void;
  onOpenShift: () => void;
  onCloseShift: (shift: CashShift) => void;
}) {
  const canCreate = useRule('create:finance');
  return (
    <Card
      size="small"
      hoverable
      onClick={onSelect}
      style={{ borderColor: selected ? 'var(--ant-color-primary, #1677ff)' : undefined }}
      data-testid={`cashbox-${cashbox.name}`}
      aria-pressed={selected}
    >
      <Flex justify="space-between" align="baseline" gap={8}>
        <Typography.Text strong ellipsis={{ tooltip: cashbox.name }}>
          {cashbox.name}
        </Typography.Text>
        {/* The kind, unless the name already says it («Эквайринг», «Расчётный счёт»). */}
        {cashbox.name.toLowerCase() === cashboxKindLabels[cashbox.kind].toLowerCase() ? null : <Tag style={{ marginInlineEnd: 0 }}>{cashboxKindLabels[cashbox.kind]}</Tag>}
      </Flex>
      <div style={{ fontSize: 22, fontWeight: 600, margin: '4px 0' }} data-testid="cashbox-balance">
        {formatMoney(cashbox.balance)}
      </div>
      {cashbox.kind === 'cash' ? (
        <Flex vertical align="start" gap={6} onClick={(e) => e.stopPropagation()}>
          {shift ? (
            <Typography.Text type="success" style={{ fontSize: 12 }}>
              Смена {shift.number} с {formatDateTime(shift.openedAt)}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Смена закрыта
            </Typography.Text>
          )}
          {canCreate ? (
            shift ? (
              <Button size="small" onClick={() => onCloseShift(shift)}>
                Закрыть смену
              </Button>
            ) : (
              <Button size="small" type="primary" ghost onClick={onOpenShift}>
                Открыть смену
              </Button>
            )
          ) : null}
        </Flex>
      ) : null}
    </Card>
  );
}

type LedgerTable = ReturnType<typeof useTableParams<(typeof spec)['filters'] & object, string>>;

function LedgerTab({ table, cashboxes, onOpen }: { table: LedgerTable; cashboxes: Cashbox[]; onOpen: (id: string) => void }) {
  const f = table.params.filters;
  const current = useLocationStore((s) => s.current?._id);
  const query = useLedger({ page: table.params.page, pageSize: table.params.pageSize, cashboxId: f.cashboxId, from: f.from, to: f.to, categoryId: f.categoryId, clientId: f.clientId });
  const categories = useFinanceCategories();
  const [clientSearch, setClientSearch] = useState('');
  const clients = useClientOptions(clientSearch);
  const [exporting, setExporting] = useState(false);
  const tree = useMemo(
    () => [
      { value: 'income', title: 'Приход', selectable: false, children: categoryTree(categories.data ?? [], 'income') },
      { value: 'expense', title: 'Расход', selectable: false, children: categoryTree(categories.data ?? [], 'expense') },
    ],
    [categories.data],
  );
  const filtered = !!(f.cashboxId || f.from || f.to || f.categoryId || f.clientId);

  function setRange(from: string | undefined, to: string | undefined) {
    // The seed's range_date_filters: the chosen period is remembered per page for the session.
    uiStore.getState().setRangeDateFilters('finance', from && to ? [from, to] : null);
    table.setParams({ filters: { from, to } });
  }

  async function exportExcel() {
    setExporting(true);
    try {
      const rows = await fetchAllPages<CashLedgerRow>('finance/ledger', f);
      await saveXlsx(
        'Движение денег',
        ['Дата', 'Номер', 'Касса', 'Статья', 'Клиент', 'Комментарий', 'Приход, ₽', 'Расход, ₽', 'Остаток, ₽'],
        rows.map((r) => [
          { value: formatDateTime(r.at) },
          { value: r.cancellation ? `${r.number} (отмена)` : r.number },
          { value: r.cashboxName },
          { value: r.categoryName ?? '' },
          { value: r.clientName ?? '' },
          { value: r.comment ?? '' },
          r.amount > 0 ? moneyCell(r.amount) : { value: null },
          r.amount < 0 ? moneyCell(-r.amount) : { value: null },
          moneyCell(r.balanceAfter),
        ]),
        [17, 14, 22, 26, 26, 40, 14, 14, 14],
      );
    } catch (e) {
      notify.error(getApiError(e).message);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="Все кассы"
          value={f.cashboxId}
          onChange={(v: string | undefined) => table.setParams({ filters: { cashboxId: v } })}
          options={cashboxes.map((c) => ({ value: c.id, label: c.locationId === current ? c.name : `${c.name} · ${c.locationName}` }))}
          style={{ width: 220 }}
          aria-label="Касса"
        />
        <DatePicker.RangePicker
          format="DD.MM.YYYY"
          value={[f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null]}
          onChange={(range) => setRange(range?.[0]?.format('YYYY-MM-DD'), range?.[1]?.format('YYYY-MM-DD'))}
          allowEmpty={[true, true]}
          aria-label="Период"
        />
        <TreeSelect
          allowClear
          placeholder="Статья"
          value={f.categoryId}
          treeData={tree}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          onChange={(v: string | undefined) => table.setParams({ filters: { categoryId: v } })}
          style={{ width: 240 }}
          aria-label="Статья"
        />
        <Select
          allowClear
          showSearch
          filterOption={false}
          placeholder="Клиент"
          value={f.clientId}
          onSearch={setClientSearch}
          onChange={(v: string | undefined) => table.setParams({ filters: { clientId: v } })}
          options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          style={{ width: 220 }}
          aria-label="Клиент"
        />
        <Flex gap={12} align="center" style={{ marginInlineStart: 'auto' }}>
          {query.data ? (
            <Typography.Text type="secondary" data-testid="ledger-totals">
              Приход <Typography.Text type="success">{formatMoney(query.data.totalIn)}</Typography.Text> · Расход{' '}
              <Typography.Text type="danger">{formatMoney(query.data.totalOut)}</Typography.Text>
            </Typography.Text>
          ) : null}
          <Can rule="export:finance">
            <Button icon={<DownloadOutlined />} onClick={() => void exportExcel()} loading={exporting}>
              Excel
            </Button>
          </Can>
        </Flex>
      </Flex>
      <DataTable
        rowKey={(r: CashLedgerRow) => String(r.seq)}
        table={table}
        query={query}
        size="small"
        fit={ledgerFit}
        emptyText={filtered ? 'За выбранный период движений нет' : 'Движений денег пока нет: проведите приход'}
        onRow={(r: CashLedgerRow) => ({ onClick: () => onOpen(r.operationId), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'at', title: 'Дата', width: 135, render: (_, r: CashLedgerRow) => <DateCell value={r.at} time /> },
          {
            key: 'number',
            title: 'Номер',
            width: 140,
            render: (_, r: CashLedgerRow) => (
              <>
                <Typography.Link onClick={() => onOpen(r.operationId)}>{r.number}</Typography.Link>
                {r.cancellation ? <Tag color="red" style={{ marginInlineStart: 6 }}>отмена</Tag> : r.status === 'cancelled' ? <Tag style={{ marginInlineStart: 6 }}>отменена</Tag> : null}
              </>
            ),
          },
          ...(f.cashboxId ? [] : [{ key: 'cashbox', title: 'Касса', width: 150, ellipsis: true, render: (_: unknown, r: CashLedgerRow) => r.cashboxName }]),
          {
            key: 'category',
            title: 'Статья и комментарий',
            render: (_, r: CashLedgerRow) => (
              <>
                <div>{r.categoryName ?? (r.kind === 'transfer' ? 'Перемещение' : '—')}</div>
                {r.comment ? (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: r.comment }} style={{ fontSize: 12, maxWidth: 360 }}>
                    {r.comment}
                  </Typography.Text>
                ) : null}
              </>
            ),
          },
          { key: 'client', title: 'Клиент', width: 170, ellipsis: true, render: (_, r: CashLedgerRow) => r.clientName ?? '—' },
          {
            key: 'in',
            title: 'Приход',
            align: 'right',
            width: 115,
            render: (_, r: CashLedgerRow) => (r.amount > 0 ? <Typography.Text type="success">{formatMoney(r.amount)}</Typography.Text> : ''),
          },
          {
            key: 'out',
            title: 'Расход',
            align: 'right',
            width: 115,
            render: (_, r: CashLedgerRow) => (r.amount < 0 ? <Typography.Text type="danger">{formatMoney(-r.amount)}</Typography.Text> : ''),
          },
          { key: 'balance', title: 'Остаток', align: 'right', width: 125, render: (_, r: CashLedgerRow) => <Typography.Text strong>{formatMoney(r.balanceAfter)}</Typography.Text> },
        ]}
      />
    </>
  );
}

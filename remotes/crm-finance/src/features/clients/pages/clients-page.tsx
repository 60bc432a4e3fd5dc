import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { counterpartyKindLabels, type Client } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { Can, DataTable, defineTableParams, useTableParams, type ColumnDrop } from '@repo/ui';
import { Button, Checkbox, Flex, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fetchAllPages, moneyCell, saveXlsx } from '../../../shared/excel';
import { useClientFacets, useClients } from '../api';
import { Balance, showPhone } from '../components/balance';
import { ClientDrawer } from '../components/client-drawer';

const spec = defineTableParams({ filters: { search: 'string', tag: 'string', source: 'string', owes: 'boolean', suppliers: 'boolean' }, pageSize: 50 });

/** The list fits its width: at 1024 px the e-mail and the source give way, narrower still the tags. */
const columnDrops: ColumnDrop[] = [
  { below: 1100, keys: ['email', 'source'] },
  { below: 760, keys: ['tags'] },
];
/** Below this the kept columns no longer fit (a phone): the table scrolls inside itself. */
const minTableWidth = 600;

/** `/clients`: the client base — search by any part of a phone, name or e-mail; filters and the open card in the URL. */
export function ClientsPage() {
  const table = useTableParams(spec);
  const f = table.params.filters;
  const [search, setSearch] = useSearchParams();
  const openId = search.get('open');
  const setOpen = (id: string | null) =>
    setSearch((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('open', id);
      else next.delete('open');
      return next;
    });
  const query = useClients({
    page: table.params.page,
    pageSize: table.params.pageSize,
    search: f.search,
    tag: f.tag,
    source: f.source,
    owes: f.owes ? 'true' : undefined,
    isSupplier: f.suppliers ? 'true' : undefined,
  } as never);
  const facets = useClientFacets();
  const [exporting, setExporting] = useState(false);
  const filtered = !!(f.search || f.tag || f.source || f.owes || f.suppliers);

  async function exportExcel() {
    setExporting(true);
    try {
      const rows = await fetchAllPages<Client>('clients', { search: f.search, tag: f.tag, source: f.source, owes: f.owes ? 'true' : undefined, isSupplier: f.suppliers ? 'true' : undefined }, 200);
      await saveXlsx(
        'Клиенты',
        ['Клиент', 'Тип', 'Телефоны', 'E-mail', 'Источник', 'Метки', 'Скидка, %', 'Баланс, ₽', 'Поставщик'],
        rows.map((c) => [
          { value: c.name },
          { value: counterpartyKindLabels[c.kind] },
          { value: c.phones.map(showPhone).join(', ') },
          { value: c.email ?? '' },
          { value: c.source ?? '' },
          { value: c.tags.join(', ') },
          { value: c.discountPercent, type: Number },
          moneyCell(c.balance),
          { value: c.isSupplier ? 'да' : '' },
        ]),
        [34, 16, 36, 28, 18, 24, 10, 14, 10],
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
        <Input.Search
          allowClear
          placeholder="Телефон (любая часть), имя или e-mail"
          defaultValue={f.search}
          onSearch={(v) => table.setParams({ filters: { search: v.trim() || undefined } })}
          style={{ width: 320 }}
          aria-label="Поиск клиента"
          autoFocus
        />
        <Select
          allowClear
          placeholder="Метка"
          value={f.tag}
          onChange={(v: string | undefined) => table.setParams({ filters: { tag: v } })}
          options={(facets.data?.tags ?? []).map((t) => ({ value: t, label: t }))}
          style={{ width: 160 }}
          aria-label="Метка"
        />
        <Select
          allowClear
          placeholder="Источник"
          value={f.source}
          onChange={(v: string | undefined) => table.setParams({ filters: { source: v } })}
          options={(facets.data?.sources ?? []).map((t) => ({ value: t, label: t }))}
          style={{ width: 180 }}
          aria-label="Источник"
        />
        <Checkbox checked={!!f.owes} onChange={(e) => table.setParams({ filters: { owes: e.target.checked || undefined } })}>
          Должники
        </Checkbox>
        <Checkbox checked={!!f.suppliers} onChange={(e) => table.setParams({ filters: { suppliers: e.target.checked || undefined } })}>
          Поставщики
        </Checkbox>
        <Flex gap={8} align="center" style={{ marginInlineStart: 'auto' }}>
          {query.data ? (
            <Typography.Text type="secondary">
              {query.data.totalExact ? `${query.data.total} в списке` : f.search ? `найдено более ${query.data.total} — уточните поиск` : `более ${query.data.total} в списке`}
            </Typography.Text>
          ) : null}
          <Can rule="export:client">
            <Button icon={<DownloadOutlined />} onClick={() => void exportExcel()} loading={exporting}>
              Excel
            </Button>
          </Can>
          <Can rule="create:client">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen('new')}>
              Новый клиент
            </Button>
          </Can>
        </Flex>
      </Flex>
      <div data-testid="clients-table">
        <DataTable
          rowKey="id"
          table={table}
          query={query}
          size="small"
          tableLayout="fixed"
          fit={{ drops: columnDrops, minWidth: minTableWidth }}
          emptyText={filtered ? 'Никого не нашли: проверьте номер или имя' : 'Клиентов пока нет: добавьте первого'}
          onRow={(c: Client) => ({ onClick: () => setOpen(c.id), style: { cursor: 'pointer' } })}
          columns={[
            {
              key: 'name',
              title: 'Клиент',
              render: (_, c: Client) => (
                <>
                  <Typography.Link onClick={() => setOpen(c.id)}>{c.name}</Typography.Link>
                  {c.kind === 'company' ? <Tag style={{ marginInlineStart: 6 }}>компания</Tag> : null}
                  {c.isSupplier ? <Tag color="purple">поставщик</Tag> : null}
                </>
              ),
            },
            {
              key: 'phones',
              title: 'Телефон',
              width: 175,
              render: (_, c: Client) =>
                c.phones.length ? (
                  <>
                    {showPhone(c.phones[0])}
                    {c.phones.length > 1 ? <Typography.Text type="secondary" title={c.phones.slice(1).map(showPhone).join(', ')}> +{c.phones.length - 1}</Typography.Text> : null}
                  </>
                ) : (
                  '—'
                ),
            },
            { key: 'email', title: 'E-mail', width: 200, ellipsis: true, render: (_, c: Client) => c.email ?? '—' },
            { key: 'source', title: 'Источник', width: 130, ellipsis: true, render: (_, c: Client) => c.source ?? '—' },
            { key: 'tags', title: 'Метки', width: 170, render: (_, c: Client) => c.tags.map((t) => <Tag key={t}>{t}</Tag>) },
            { key: 'discount', title: 'Скидка', width: 80, align: 'right', render: (_, c: Client) => (c.discountPercent ? `${c.discountPercent}%` : '—') },
            { key: 'balance', title: 'Баланс', width: 160, align: 'right', render: (_, c: Client) => <Balance value={c.balance} /> },
          ]}
        />
      </div>
      <ClientDrawer id={openId} onClose={() => setOpen(null)} onOpen={setOpen} />
    </>
  );
}

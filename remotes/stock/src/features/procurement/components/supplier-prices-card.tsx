import type { SupplierPrice } from '@repo/contracts';
import { DateCell, MoneyCell, useRule } from '@repo/ui';
import { Card, Table } from 'antd';
import { Link } from 'react-router-dom';
import { useSupplierPrices } from '../api';

/** «Цены поставщиков» of the product card: each supplier's last purchase price, when and by which receipt (with `see_cost` only). */
export function SupplierPricesCard({ productId }: { productId: string }) {
  const seesCost = useRule('see_cost');
  const prices = useSupplierPrices({ productId }, seesCost);
  if (!seesCost || prices.isError) return null;
  return (
    <Card size="small" title="Цены поставщиков" style={{ marginBottom: 12 }}>
      <Table<SupplierPrice>
        rowKey="supplierId"
        size="small"
        pagination={false}
        loading={prices.isPending}
        dataSource={[...(prices.data ?? [])].sort((a, b) => b.at.localeCompare(a.at))}
        locale={{ emptyText: 'Ещё не закупался у поставщиков' }}
        columns={[
          { key: 'supplier', title: 'Поставщик', ellipsis: true, render: (_, p) => p.supplierName },
          { key: 'price', title: 'Цена', align: 'right', render: (_, p) => <MoneyCell value={p.price} /> },
          { key: 'at', title: 'Дата', render: (_, p) => <DateCell value={p.at} /> },
          { key: 'doc', title: 'Документ', render: (_, p) => (p.documentId ? <Link to={`/stock/posting/${p.documentId}`}>{p.documentNumber}</Link> : '—') },
        ]}
      />
    </Card>
  );
}

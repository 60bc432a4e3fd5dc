import { ledgerDocumentTypeLabels, serialStatusLabels, type Movement, type Product } from '@repo/contracts';
import { api, formatMoney, notify, useScreenTitle } from '@repo/shared-core';
import { DateCell, EmptyState, MoneyCell, PageHeader, QueryError, useRule } from '@repo/ui';
import { Card, Col, Descriptions, Row, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { StockTabs } from '../../../shared/stock-tabs';
import { SupplierPricesCard } from '../../procurement/components/supplier-prices-card';
import { useBarcodeScanner } from '../../../shared/use-barcode-scanner';
import { useMovements, useProduct, useProductSummary, useSerials } from '../api';
import { ProductPicker } from '../components/pickers';
import { docKinds } from '../doc-kinds';

/** `/stock/product` (pick or scan a product) and `/stock/product/:id`: data, balances by warehouse, history, serials. */
export function ProductCardPage() {
  const { id = null } = useParams();
  const navigate = useNavigate();
  const seesCost = useRule('see_cost');
  const product = useProduct(id);
  const summary = useProductSummary(id);
  const [page, setPage] = useState(1);
  const movements = useMovements({ productId: id ?? undefined, page, pageSize: 20 }, !!id);
  const serials = useSerials({ productId: id ?? undefined, page: 1, pageSize: 200 }, !!id && !!product.data?.serialTracked);
  useScreenTitle(product.data ? product.data.name : null);

  useBarcodeScanner(async (code) => {
    const { data } = await api.get<{ items: Product[] }>('catalog/products', { params: { search: code, pageSize: 5 } });
    const p = data.items.find((x) => x.barcodes.includes(code)) ?? data.items[0];
    if (p) navigate(`/stock/product/${p.id}`);
    else notify.warning(`Товар со штрихкодом ${code} не найден`);
  });

  const picker = (
    <div style={{ maxWidth: 560, marginBottom: 16 }}>
      <ProductPicker placeholder="Найти товар: название, артикул, штрихкод — или отсканируйте" onPick={(p) => navigate(`/stock/product/${p.id}`)} />
    </div>
  );
  if (!id) {
    return (
      <>
        <StockTabs />
        <PageHeader title="Карточка товара" />
        {picker}
        <EmptyState description="Выберите товар или отсканируйте его штрихкод" />
      </>
    );
  }
  if (product.isPending) return (<><StockTabs /><Skeleton active /></>);
  if (product.isError) return (<><StockTabs /><QueryError error={product.error} onRetry={() => void product.refetch()} /></>);
  const p = product.data;
  const s = summary.data;
  return (
    <>
      <StockTabs />
      {picker}
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {[p.sku && `Артикул ${p.sku}`, p.barcodes.length ? `Штрихкод ${p.barcodes.join(', ')}` : null].filter(Boolean).join(' · ')}
      </Typography.Paragraph>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col xs={12} md={6}><Card size="small"><Statistic title="Остаток по компании" value={s?.qty ?? 0} suffix={p.unit} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title="В пути" value={s?.inTransit ?? 0} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title="Цена продажи" value={formatMoney(p.price)} /></Card></Col>
        {seesCost ? (
          <Col xs={12} md={6}><Card size="small"><Statistic title="Себестоимость (средняя)" value={s?.cost !== null && s?.cost !== undefined ? formatMoney(s.cost) : '—'} /></Card></Col>
        ) : null}
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={9}>
          <Card size="small" title="Данные товара" style={{ marginBottom: 12 }}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="Единица">{p.unit}</Descriptions.Item>
              <Descriptions.Item label="Гарантия">{p.warrantyDays ? `${p.warrantyDays} дн.` : 'нет'}</Descriptions.Item>
              <Descriptions.Item label="Серийный учёт">{p.serialTracked ? 'да' : 'нет'}</Descriptions.Item>
              {p.description ? <Descriptions.Item label="Описание">{p.description}</Descriptions.Item> : null}
              {p.archivedAt ? <Descriptions.Item label="Статус"><Tag>в архиве</Tag></Descriptions.Item> : null}
            </Descriptions>
          </Card>
          <Card size="small" title="Остатки по складам" style={{ marginBottom: 12 }}>
            <Table
              rowKey="warehouseId"
              size="small"
              pagination={false}
              dataSource={s?.warehouses ?? []}
              loading={summary.isPending}
              locale={{ emptyText: 'Нет на складах' }}
              columns={[
                { key: 'w', title: 'Склад', render: (_, w) => `${w.warehouseName} · ${w.locationName}` },
                { key: 'q', title: 'Кол-во', align: 'right', render: (_, w) => w.qty },
                { key: 'r', title: 'Резерв', align: 'right', render: (_, w) => w.reserved || '—' },
                ...(seesCost ? [{ key: 'v', title: 'Стоимость', align: 'right' as const, render: (_: unknown, w: { value: number | null }) => <MoneyCell value={w.value} /> }] : []),
              ]}
            />
          </Card>
          <SupplierPricesCard productId={p.id} />
          {p.serialTracked ? (
            <Card size="small" title="Серийные номера">
              <Table
                rowKey="serial"
                size="small"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={[...(serials.data?.items ?? [])].sort((a, b) => (a.status === b.status ? b.updatedAt.localeCompare(a.updatedAt) : a.status === 'in_stock' ? -1 : b.status === 'in_stock' ? 1 : 0))}
                loading={serials.isPending}
                locale={{ emptyText: 'Серийных номеров нет' }}
                columns={[
                  { key: 's', title: 'Серийный номер', render: (_, x) => <Typography.Text code>{x.serial}</Typography.Text> },
                  { key: 'st', title: 'Где', render: (_, x) => (x.status === 'in_stock' ? x.warehouseName : <Tag>{serialStatusLabels[x.status]}</Tag>) },
                  { key: 'd', title: 'Документ', render: (_, x) => (x.documentId && x.documentType ? <Link to={`${docKinds[x.documentType].base}/${x.documentId}`}>{x.number}</Link> : '—') },
                ]}
              />
            </Card>
          ) : null}
        </Col>
        <Col xs={24} xl={15}>
          <Card size="small" title="История движений">
            {movements.isError ? (
              <QueryError error={movements.error} onRetry={() => void movements.refetch()} />
            ) : (
              <Table<Movement>
                rowKey="id"
                size="small"
                loading={movements.isFetching}
                dataSource={movements.data?.items ?? []}
                pagination={{ current: page, pageSize: 20, total: movements.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
                locale={{ emptyText: 'Движений не было' }}
                columns={[
                  { key: 'at', title: 'Дата', width: 150, render: (_, m) => <DateCell value={m.at} time /> },
                  {
                    key: 'doc',
                    title: 'Документ',
                    render: (_, m) => (
                      <>
                        <Link to={m.documentType === 'repair_order' ? `/orders/${m.documentId}` : m.documentType === 'sale' ? `/sales/${m.documentId}` : `${docKinds[m.documentType].base}/${m.documentId}`}>
                          {ledgerDocumentTypeLabels[m.documentType]} {m.number}
                        </Link>
                        {m.cancellation ? <Tag color="red" style={{ marginInlineStart: 6 }}>отмена</Tag> : null}
                      </>
                    ),
                  },
                  {
                    key: 'w',
                    title: 'Склад',
                    render: (_, m) =>
                      m.warehouseName ? (
                        <>
                          {m.warehouseName}
                          <br />
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{m.locationName}</Typography.Text>
                        </>
                      ) : m.qty === 0 ? (
                        'переоценка'
                      ) : (
                        'в пути'
                      ),
                  },
                  {
                    key: 'q',
                    title: 'Кол-во',
                    align: 'right',
                    width: 90,
                    render: (_, m) => <Typography.Text type={m.qty > 0 ? 'success' : m.qty < 0 ? 'danger' : undefined}>{m.qty > 0 ? `+${m.qty}` : m.qty}</Typography.Text>,
                  },
                  ...(seesCost ? [{ key: 'v', title: 'Сумма', align: 'right' as const, width: 130, render: (_: unknown, m: Movement) => <MoneyCell value={m.value} /> }] : []),
                ]}
              />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}

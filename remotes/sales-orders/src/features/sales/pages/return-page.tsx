import { RollbackOutlined } from '@ant-design/icons';
import type { Sale } from '@repo/contracts';
import { formatDateTime, formatMoney, getApiError } from '@repo/shared-core';
import { EmptyState, useRule } from '@repo/ui';
import { Alert, Button, Card, Input, List, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useReturnable } from '../api';
import { ReturnDialog } from '../components/return-dialog';
import { saleUrl } from '../urls';

/**
 * `/sales/return`: a customer return at this shop for a sale of any shop of the company. Find the sale by
 * its number (from the receipt), then pick what comes back.
 */
export function ReturnPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const found = useReturnable(search);
  const [open, setOpen] = useState<Sale | null>(null);
  const canOpen = useRule('view:sale');
  return (
    <Card title="Возврат покупателя">
      <Typography.Paragraph type="secondary">
        Найдите продажу по номеру из чека — она может быть сделана в любом магазине сети. Товар вернётся на склад этого магазина, деньги выдаются из его кассы.
      </Typography.Paragraph>
      <Input.Search
        autoFocus
        allowClear
        enterButton="Найти"
        aria-label="Номер продажи"
        placeholder="Например, ПД-000123 или 123"
        defaultValue={search}
        onSearch={(v) => setParams(v.trim() ? { search: v.trim() } : {}, { replace: true })}
        style={{ maxWidth: 420 }}
      />
      <div style={{ marginTop: 16 }}>
        {search.length > 0 && search.length < 3 ? <Typography.Text type="secondary">Введите не меньше 3 символов номера</Typography.Text> : null}
        {found.isFetching && !found.data ? <Skeleton active /> : null}
        {found.isError ? <Alert type="error" showIcon title="Не удалось найти продажу" description={getApiError(found.error).message} /> : null}
        {found.data && found.data.length === 0 ? <EmptyState description="Проведённых продаж с таким номером нет" /> : null}
        {found.data?.length ? (
          <List
            bordered
            dataSource={found.data}
            renderItem={(s) => (
              <List.Item
                actions={[
                  <Button key="return" type="primary" icon={<RollbackOutlined />} onClick={() => setOpen(s)} disabled={!s.lines.some((l) => l.qty - l.returnedQty > 0)}>
                    Оформить возврат
                  </Button>,
                  ...(canOpen
                    ? [
                        <Button key="open" type="link" onClick={() => navigate(saleUrl(s.id))}>
                          Открыть
                        </Button>,
                      ]
                    : []),
                ]}
              >
                <List.Item.Meta
                  title={`${s.number} · ${s.locationName}`}
                  description={`${formatDateTime(s.postedAt ?? s.createdAt)} · ${s.lines.map((l) => `${l.name} × ${l.qty}`).join(', ')} · ${formatMoney(s.total)}${s.returned ? ` · уже возвращено ${formatMoney(s.returned)}` : ''}`}
                />
              </List.Item>
            )}
          />
        ) : null}
      </div>
      {open ? (
        <ReturnDialog
          sale={open}
          open
          onClose={() => setOpen(null)}
          onDone={(sale) => {
            setOpen(null);
            navigate(saleUrl(sale.id));
          }}
        />
      ) : null}
    </Card>
  );
}

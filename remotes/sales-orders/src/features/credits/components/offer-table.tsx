import { CalculatorOutlined, EditOutlined, InboxOutlined, UndoOutlined } from '@ant-design/icons';
import type { CreditOffer } from '@repo/contracts';
import { Button, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { amountRangeLabel, termLabel } from '../format';

export interface OfferTableProps {
  offers: CreditOffer[];
  archived: boolean;
  canEdit: boolean;
  onCalculate?: (offer: CreditOffer) => void;
  onEdit?: (offer: CreditOffer) => void;
  onArchive?: (offer: CreditOffer) => void;
  onRestore?: (offer: CreditOffer) => void;
  /** The offer being archived or restored (its button spins). */
  busyId?: string | null;
}

/** The offers: partner and name, the purchase amounts, the terms; actions by the employee's rules. */
export function OfferTable({ offers, archived, canEdit, onCalculate, onEdit, onArchive, onRestore, busyId }: OfferTableProps) {
  return (
    <Table<CreditOffer>
      rowKey="id"
      size="middle"
      dataSource={offers}
      pagination={false}
      scroll={{ x: 640 }}
      columns={[
        {
          key: 'offer',
          title: 'Предложение',
          render: (_, o) => (
            <div>
              <Typography.Text strong>{o.partner}</Typography.Text>
              <div>{o.name}</div>
            </div>
          ),
        },
        {
          key: 'amount',
          title: 'Сумма покупки',
          render: (_, o) => <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{amountRangeLabel(o)}</span>,
        },
        {
          key: 'terms',
          title: 'Сроки',
          render: (_, o) => (
            <Flex gap={4} wrap>
              {o.terms.map((t) => (
                <Tag key={t.months} color={t.feePercent !== undefined && t.feePercent !== null ? 'gold' : 'blue'} style={{ marginInlineEnd: 0 }}>
                  {termLabel(t)}
                </Tag>
              ))}
            </Flex>
          ),
        },
        {
          key: 'actions',
          title: '',
          align: 'right',
          width: archived ? 140 : canEdit ? 120 : 56,
          render: (_, o) =>
            archived ? (
              canEdit ? (
                <Button size="small" icon={<UndoOutlined />} loading={busyId === o.id} onClick={() => onRestore?.(o)} aria-label={`Восстановить «${o.name}»`}>
                  Восстановить
                </Button>
              ) : null
            ) : (
              <Flex gap={4} justify="end">
                <Tooltip title="Рассчитать платежи">
                  <Button size="small" type="text" icon={<CalculatorOutlined />} onClick={() => onCalculate?.(o)} aria-label={`Рассчитать «${o.name}»`} />
                </Tooltip>
                {canEdit ? (
                  <>
                    <Tooltip title="Изменить">
                      <Button size="small" type="text" icon={<EditOutlined />} onClick={() => onEdit?.(o)} aria-label={`Изменить «${o.name}»`} />
                    </Tooltip>
                    <Tooltip title="В архив">
                      <Button size="small" type="text" icon={<InboxOutlined />} loading={busyId === o.id} onClick={() => onArchive?.(o)} aria-label={`В архив «${o.name}»`} />
                    </Tooltip>
                  </>
                ) : null}
              </Flex>
            ),
        },
      ]}
    />
  );
}

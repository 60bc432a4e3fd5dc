import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { shopLimits, type ShopModelPrice } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { Alert, Button, Checkbox, Empty, Flex, Input, InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { movedIds } from '../../../shared/reorder';
import { DragHandle, SortableList, useSortableItem } from '../../../shared/sortable';
import { useDeviceMutations } from '../api';
import { emptyRow, pricesChanged, serverRowErrors, toPricesBody, toRows, validatePriceRows, type PriceRow } from '../price-list';

const cols = '28px minmax(160px, 1fr) 52px 150px 110px 32px';

function ErrorText({ text }: { text?: string }) {
  return text ? (
    <div role="alert" style={{ color: '#ff4d4f', fontSize: 12, lineHeight: '16px', marginTop: 2 }}>
      {text}
    </div>
  ) : null;
}

function PriceRowView({
  row,
  index,
  errors,
  canEdit,
  canOrder,
  onChange,
  onRemove,
}: {
  row: PriceRow;
  index: number;
  errors: Record<string, string>;
  canEdit: boolean;
  canOrder: boolean;
  onChange: (patch: Partial<PriceRow>) => void;
  onRemove: () => void;
}) {
  const { setNodeRef, style, handle } = useSortableItem(row.key, !canOrder);
  const err = (f: string) => errors[`${index}.${f}`];
  const n = index + 1;
  return (
    <div ref={setNodeRef} style={{ ...style, display: 'grid', gridTemplateColumns: cols, gap: 8, alignItems: 'start', padding: '4px 0', background: style.zIndex ? '#fff' : undefined }} data-testid="price-row">
      <div style={{ paddingTop: 4 }}>
        <DragHandle handle={handle} hidden={!canOrder} />
      </div>
      <div>
        <Input value={row.service} onChange={(e) => onChange({ service: e.target.value })} maxLength={shopLimits.serviceMax} status={err('service') ? 'error' : undefined} placeholder="Например: замена дисплея" aria-label={`Услуга, строка ${n}`} disabled={!canEdit} />
        <ErrorText text={err('service')} />
      </div>
      <div style={{ paddingTop: 5, textAlign: 'center' }}>
        <Checkbox checked={row.priceFrom} onChange={(e) => onChange({ priceFrom: e.target.checked })} aria-label={`Цена «от», строка ${n}`} disabled={!canEdit} />
      </div>
      <div>
        <InputNumber
          value={row.price}
          onChange={(v) => onChange({ price: v === null || v === undefined ? null : Number(v) })}
          min={0}
          step={100}
          precision={2}
          decimalSeparator=","
          suffix="₽"
          status={err('price') ? 'error' : undefined}
          style={{ width: '100%' }}
          aria-label={`Цена, строка ${n}`}
          disabled={!canEdit}
        />
        <ErrorText text={err('price')} />
      </div>
      <div>
        <InputNumber
          value={row.minutes}
          onChange={(v) => onChange({ minutes: v === null || v === undefined ? null : Number(v) })}
          min={0}
          max={shopLimits.minutesMax}
          precision={0}
          status={err('minutes') ? 'error' : undefined}
          style={{ width: '100%' }}
          placeholder="—"
          aria-label={`Минут, строка ${n}`}
          disabled={!canEdit}
        />
        <ErrorText text={err('minutes')} />
      </div>
      <div>{canEdit ? <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Удалить строку ${n}`} onClick={onRemove} /> : null}</div>
    </div>
  );
}

/**
 * A model's repair price list: rows of service, «от», price in roubles and minutes, in the order the site
 * shows them (drag by the handle). Checked by the contract's schema before `PUT`; the server's 400 lands on
 * its row. The editor starts from `saved` (mounted again for another model or after a save by someone else).
 */
export function PriceListEditor({ modelId, saved, canEdit, onDirtyChange }: { modelId: string; saved: ShopModelPrice[]; canEdit: boolean; onDirtyChange?: (dirty: boolean) => void }) {
  const [rows, setRows] = useState<PriceRow[]>(() => toRows(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const { putPrices } = useDeviceMutations();
  const dirty = pricesChanged(rows, saved);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  function change(next: PriceRow[]) {
    setRows(next);
    if (tried) setErrors(validatePriceRows(next));
  }

  async function save() {
    setTried(true);
    const found = validatePriceRows(rows);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const stored = await putPrices.mutateAsync({ modelId, rows: toPricesBody(rows) });
      setRows(toRows(stored));
      setTried(false);
      notify.success('Прайс сохранён', { autoClose: 2500 });
    } catch (e) {
      setErrors(serverRowErrors(rows, getApiError(e).errors));
    }
  }

  const canOrder = canEdit && rows.length > 1;
  const keys = rows.map((r) => r.key);
  return (
    <section aria-label="Прайс ремонта" data-testid="price-list-editor">
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Прайса пока нет: добавьте услуги и цены" />
      ) : (
        <>
          <div style={{ display: 'grid', gridTemplateColumns: cols, gap: 8, color: '#8c8c8c', fontSize: 12, paddingBottom: 4, borderBottom: '1px solid #f0f0f0' }}>
            <span />
            <span>Услуга</span>
            <span style={{ textAlign: 'center' }}>«от»</span>
            <span>Цена</span>
            <span>Минут</span>
            <span />
          </div>
          <SortableList
            ids={keys}
            label="строка"
            names={(k) => rows.find((r) => r.key === k)?.service || 'строка'}
            onMove={(a, o) => {
              const next = movedIds(keys, a, o);
              if (next) change(next.map((k) => rows.find((r) => r.key === k)!));
            }}
          >
            {rows.map((r, i) => (
              <PriceRowView
                key={r.key}
                row={r}
                index={i}
                errors={errors}
                canEdit={canEdit}
                canOrder={canOrder}
                onChange={(patch) => change(rows.map((x) => (x.key === r.key ? { ...x, ...patch } : x)))}
                onRemove={() => change(rows.filter((x) => x.key !== r.key))}
              />
            ))}
          </SortableList>
        </>
      )}
      {errors.list ? <Alert type="error" showIcon message={errors.list} style={{ marginTop: 8 }} /> : null}
      {canEdit ? (
        <Flex gap={8} wrap align="center" style={{ marginTop: 12 }}>
          <Button icon={<PlusOutlined />} onClick={() => change([...rows, emptyRow()])} disabled={rows.length >= shopLimits.pricesMax}>
            Добавить строку
          </Button>
          <Button type="primary" onClick={() => void save()} loading={putPrices.isPending} disabled={!dirty}>
            Сохранить прайс
          </Button>
          {dirty ? (
            <Button
              type="link"
              onClick={() => {
                setRows(toRows(saved));
                setErrors({});
                setTried(false);
              }}
            >
              Отменить изменения
            </Button>
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            «от» — цена начинается с этой суммы. Пустые строки не сохраняются.
          </Typography.Text>
        </Flex>
      ) : null}
    </section>
  );
}

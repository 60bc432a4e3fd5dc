import { BarcodeOutlined } from '@ant-design/icons';
import type { SaleLookupItem } from '@repo/contracts';
import { formatMoney, getApiError, notify } from '@repo/shared-core';
import { Empty, Input, List, Tag, Typography, type InputRef } from 'antd';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { lookupProducts, useLookup } from '../api';
import { useDebounced } from '../../templates/use-debounced';

export interface ProductSearchHandle {
  focus: () => void;
}

/**
 * The counter's search field, built for a keyboard-wedge scanner: a scan (digits or letters in either
 * layout, then Enter) is looked up at once and an exact barcode or serial adds the product without a
 * click; typing a name shows the matches below, ↑/↓ pick one, Enter adds it.
 */
export const ProductSearch = forwardRef<ProductSearchHandle, { warehouseId: string | undefined; onPick: (item: SaleLookupItem) => void }>(function ProductSearch({ warehouseId, onPick }, ref) {
  const input = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const [busy, setBusy] = useState(false);
  const term = useDebounced(text.trim(), 250);
  const results = useLookup(term, warehouseId && term ? warehouseId : undefined);
  const items = term ? (results.data ?? []).slice(0, 8) : [];
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);
  // The field is ready for the first scan as soon as the warehouse is known (it is disabled until then).
  useEffect(() => {
    if (warehouseId) input.current?.focus();
  }, [warehouseId]);

  function pick(item: SaleLookupItem) {
    onPick(item);
    setText('');
    setActive(-1);
    input.current?.focus();
  }

  /** Enter: the highlighted match, or the typed text looked up now (a scan is faster than the debounce). */
  async function enter() {
    if (active >= 0 && items[active]) return pick(items[active]);
    const value = text.trim();
    if (!value || !warehouseId) return;
    setBusy(true);
    try {
      const found = await lookupProducts(value, warehouseId);
      const exact = found.filter((f) => f.match === 'barcode' || f.match === 'serial' || f.match === 'sku');
      if (exact.length === 1 || (exact.length === 0 && found.length === 1)) pick(exact[0] ?? found[0]);
      else if (found.length === 0) notify.warning(`Ничего не найдено: «${value}»`);
      else setActive(0);
    } catch (e) {
      notify.error(getApiError(e).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div style={{ position: 'relative' }}>
      <Input
        ref={input}
        size="large"
        autoFocus
        allowClear
        prefix={<BarcodeOutlined />}
        placeholder="Сканируйте штрихкод или ищите по названию, артикулу, серийному номеру (F2)"
        aria-label="Товар или услуга"
        value={text}
        disabled={!warehouseId}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void enter();
          } else if (e.key === 'ArrowDown' && items.length) {
            e.preventDefault();
            setActive((a) => Math.min(items.length - 1, a + 1));
          } else if (e.key === 'ArrowUp' && items.length) {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === 'Escape' && text) {
            e.stopPropagation();
            setText('');
          }
        }}
        suffix={busy || (results.isFetching && !!term) ? <Typography.Text type="secondary">поиск…</Typography.Text> : null}
      />
      {term && text.trim() ? (
        <div
          role="listbox"
          aria-label="Найденные товары"
          style={{ position: 'absolute', zIndex: 20, top: '100%', left: 0, right: 0, marginTop: 4, background: '#fff', borderRadius: 8, boxShadow: '0 6px 16px rgba(0,0,0,.12)', maxHeight: 360, overflow: 'auto' }}
        >
          {items.length === 0 && !results.isFetching ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ничего не найдено" style={{ margin: 12 }} /> : null}
          <List
            size="small"
            dataSource={items}
            renderItem={(item, i) => (
              <List.Item
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(item);
                }}
                style={{ cursor: 'pointer', paddingInline: 12, background: i === active ? '#e6f4ff' : undefined }}
              >
                <div style={{ display: 'flex', gap: 8, width: '100%', alignItems: 'center' }}>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Typography.Text ellipsis>{item.name}</Typography.Text>
                    <div>
                      {item.sku ? <Typography.Text type="secondary" style={{ fontSize: 12, marginRight: 8 }}>{item.sku}</Typography.Text> : null}
                      {item.serial ? <Tag>S/N {item.serial}</Tag> : null}
                      {item.isService ? <Tag color="blue">услуга</Tag> : <Typography.Text type="secondary" style={{ fontSize: 12 }}>в наличии {item.free}</Typography.Text>}
                    </div>
                  </div>
                  <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(item.price)}
                  </Typography.Text>
                </div>
              </List.Item>
            )}
          />
        </div>
      ) : null}
    </div>
  );
});

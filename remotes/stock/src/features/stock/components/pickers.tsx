import type { Product } from '@repo/contracts';
import { notify } from '@repo/shared-core';
import { Select } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { createSupplier, useProductSearch, useSuppliers } from '../api';

/** Search goods by name, SKU or barcode and pick one (the scanner types into it too). */
export function ProductPicker({ onPick, disabled, placeholder = 'Добавить товар: название, артикул или штрихкод' }: { onPick: (p: Product) => void; disabled?: boolean; placeholder?: string }) {
  const [search, setSearch] = useState('');
  const query = useProductSearch(search, !disabled);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      value={null}
      placeholder={placeholder}
      disabled={disabled}
      loading={query.isFetching}
      notFoundContent={query.isFetching ? 'Ищем…' : 'Ничего не найдено'}
      options={(query.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.name}${p.sku ? ` · ${p.sku}` : ''}` }))}
      onSelect={(id: string | null) => {
        const p = query.data?.items.find((x) => x.id === id);
        if (p) onPick(p);
        setSearch('');
      }}
      style={{ width: '100%', maxWidth: 560 }}
      aria-label="Добавить товар"
    />
  );
}

/**
 * A supplier from the counterparties, or a new one created from what was typed (`allowCreate`, on by
 * default; a list filter turns it off).
 */
export function SupplierPicker({
  value,
  label,
  onChange,
  disabled,
  allowCreate = true,
  placeholder = 'Поставщик',
  size,
  ariaLabel = 'Поставщик',
  status,
  style,
}: {
  value: string | null;
  label?: string | null;
  onChange: (id: string | null, name: string | null) => void;
  disabled?: boolean;
  allowCreate?: boolean;
  placeholder?: ReactNode;
  size?: 'small' | 'middle';
  ariaLabel?: string;
  status?: 'error';
  style?: CSSProperties;
}) {
  const [search, setSearch] = useState('');
  const query = useSuppliers(search);
  const items = query.data?.items ?? [];
  const options = items.map((s) => ({ value: s.id, label: s.name }));
  if (value && label && !options.some((o) => o.value === value)) options.unshift({ value, label });
  const typed = search.trim();
  if (allowCreate && typed && !items.some((s) => s.name.toLowerCase() === typed.toLowerCase())) options.push({ value: `new:${typed}`, label: `+ Создать поставщика «${typed}»` });
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      value={value}
      disabled={disabled}
      placeholder={placeholder}
      size={size}
      status={status}
      options={options}
      onChange={async (v: string | undefined) => {
        if (!v) return onChange(null, null);
        if (v.startsWith('new:')) {
          try {
            const created = await createSupplier(v.slice(4));
            notify.success(`Поставщик «${created.name}» создан`);
            onChange(created.id, created.name);
          } catch {
            notify.error('Не удалось создать поставщика');
          }
          return;
        }
        onChange(v, items.find((s) => s.id === v)?.name ?? null);
      }}
      style={{ width: '100%', ...style }}
      aria-label={ariaLabel}
    />
  );
}

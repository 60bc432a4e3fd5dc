import type { ShopBrand, ShopDeviceType, ShopModel } from '@repo/contracts';
import { notify } from '@repo/shared-core';
import { useRule } from '@repo/ui';
import { Flex, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { priceText } from '../../../shared/money';
import { useBrandReorder, useBrands, useDeviceMutations, useDeviceTypes, useModelReorder, useModels, useTypeReorder, type DeviceKind, type DeviceRecord } from '../api';
import { DeviceColumn, type ColumnItem } from '../components/device-column';
import { ModelDrawer } from '../components/model-drawer';
import { NamedFormModal } from '../components/named-form-modal';
import { parseSelection, writeSelection, type DeviceSelection } from '../url-state';

type Editing = { kind: DeviceKind; record?: DeviceRecord } | null;

const kindWords: Record<DeviceKind, { create: string; edit: string; deleteText: string }> = {
  type: { create: 'Новый тип устройства', edit: 'Тип устройства', deleteText: 'Тип с моделями удалить нельзя.' },
  brand: { create: 'Новый бренд', edit: 'Бренд', deleteText: 'Бренд с моделями удалить нельзя.' },
  model: { create: 'Новая модель', edit: 'Модель', deleteText: 'Прайс модели удалится вместе с ней.' },
};

const modelsWord = (n: number) => {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return 'модель';
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return 'модели';
  return 'моделей';
};

/**
 * `/devices`: types → brands → models in three columns, each ordered by dragging; the selection in the URL
 * (`?type=&brand=&model=`), a selected model's repair price list in a drawer.
 */
export function DevicesPage() {
  const [search, setSearch] = useSearchParams();
  const sel = useMemo(() => parseSelection(search), [search]);
  const select = useCallback((change: Partial<DeviceSelection>) => setSearch((p) => writeSelection(p, change)), [setSearch]);

  const canCreate = useRule('create:shop_content');
  const canEdit = useRule('edit:shop_content');
  const canDelete = useRule('delete:shop_content');

  const types = useDeviceTypes();
  const brands = useBrands();
  const typeBrands = useBrands(sel.type, !!sel.type);
  const models = useModels(sel.type, sel.brand);
  const reorderTypes = useTypeReorder();
  const reorderBrands = useBrandReorder();
  const reorderModels = useModelReorder(sel.type ?? '', sel.brand ?? '');
  const { create, update, remove } = useDeviceMutations();
  const [editing, setEditing] = useState<Editing>(null);

  const type = types.data?.items.find((t) => t.id === sel.type);
  const brand = brands.data?.items.find((b) => b.id === sel.brand);
  const model = models.data?.items.find((m) => m.id === sel.model);
  const countOfType = new Map((typeBrands.data?.items ?? []).map((b) => [b.id, b.modelCount]));

  const typeItems: ColumnItem[] = (types.data?.items ?? []).map((t: ShopDeviceType) => ({ ...t, count: t.modelCount, countTitle: `${t.modelCount} ${modelsWord(t.modelCount)}` }));
  const brandItems: ColumnItem[] = (brands.data?.items ?? []).map((b: ShopBrand) => {
    const count = sel.type ? (countOfType.get(b.id) ?? 0) : b.modelCount;
    return { ...b, count, countTitle: sel.type ? `${count} ${modelsWord(count)} типа «${type?.name ?? ''}»` : `${count} ${modelsWord(count)}` };
  });
  const modelItems: ColumnItem[] = (models.data?.items ?? []).map((m: ShopModel) => ({
    ...m,
    count: m.priceCount,
    countTitle: `Строк прайса: ${m.priceCount}`,
    note: m.minPrice !== null ? priceText(m.minPrice, true) : 'Прайса нет',
  }));

  async function del(kind: DeviceKind, id: string) {
    try {
      await remove.mutateAsync({ kind, id });
      notify.success('Удалено', { autoClose: 2000 });
      if (kind === 'type' && sel.type === id) select({ type: undefined });
      if (kind === 'brand' && sel.brand === id) select({ brand: undefined });
      if (kind === 'model' && sel.model === id) select({ model: undefined });
    } catch {
      // The API client has shown the server's reason («У этого типа есть модели…»).
    }
  }

  async function submit(body: { name: string; imageId: string | null; published: boolean }) {
    if (!editing) return;
    const { kind, record } = editing;
    if (record) {
      await update.mutateAsync({ kind, id: record.id, body });
      notify.success('Сохранено', { autoClose: 2000 });
      return;
    }
    const created = await create.mutateAsync({ kind, body: kind === 'model' ? { ...body, typeId: sel.type, brandId: sel.brand } : body });
    if (kind === 'type') select({ type: created.id });
    if (kind === 'brand') select({ brand: created.id });
    if (kind === 'model') select({ model: created.id });
  }

  const edit = (kind: DeviceKind, list: DeviceRecord[] | undefined) => (id: string) => setEditing({ kind, record: list?.find((r) => r.id === id) });

  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        Выберите тип и бренд — справа появятся модели; модель открывает свой прайс ремонта. Порядок в списках — как на сайте: перетащите строку за ручку.
      </Typography.Paragraph>
      <Flex gap={12} align="stretch" style={{ minWidth: 0 }} data-testid="devices-columns">
        <DeviceColumn
          title="Типы устройств"
          grow={0.85}
          testId="device-types"
          query={types}
          items={typeItems}
          selectedId={sel.type}
          onSelect={(id) => select({ type: id })}
          onMove={reorderTypes}
          canOrder={canEdit}
          canEdit={canEdit}
          canDelete={canDelete}
          canCreate={canCreate}
          onCreate={() => setEditing({ kind: 'type' })}
          onEdit={edit('type', types.data?.items)}
          onDelete={(id) => del('type', id)}
          createLabel="Тип"
          deleteText={kindWords.type.deleteText}
          emptyText="Типов пока нет: добавьте первый (смартфоны, планшеты…)"
        />
        <DeviceColumn
          title="Бренды"
          grow={0.85}
          testId="device-brands"
          query={brands}
          items={brandItems}
          selectedId={sel.brand}
          onSelect={(id) => select({ brand: id })}
          onMove={reorderBrands}
          canOrder={canEdit}
          canEdit={canEdit}
          canDelete={canDelete}
          canCreate={canCreate}
          onCreate={() => setEditing({ kind: 'brand' })}
          onEdit={edit('brand', brands.data?.items)}
          onDelete={(id) => del('brand', id)}
          createLabel="Бренд"
          deleteText={kindWords.brand.deleteText}
          emptyText="Брендов пока нет"
        />
        <DeviceColumn
          title={type && brand ? `Модели: ${type.name} ${brand.name}` : 'Модели'}
          testId="device-models"
          grow={1.3}
          query={models}
          items={modelItems}
          selectedId={sel.model}
          onSelect={(id) => select({ model: id })}
          onMove={reorderModels}
          canOrder={canEdit}
          canEdit={canEdit}
          canDelete={canDelete}
          canCreate={canCreate}
          onCreate={() => setEditing({ kind: 'model' })}
          onEdit={edit('model', models.data?.items)}
          onDelete={(id) => del('model', id)}
          createLabel="Модель"
          deleteText={kindWords.model.deleteText}
          emptyText="Моделей этого типа и бренда нет"
          placeholder={!sel.type || !sel.brand ? (!sel.type ? 'Выберите тип устройства и бренд' : 'Выберите бренд') : undefined}
        />
      </Flex>
      <ModelDrawer modelId={sel.model ?? null} model={model} onClose={() => select({ model: undefined })} onEdit={() => model && setEditing({ kind: 'model', record: model })} />
      {editing ? (
        <NamedFormModal
          open
          title={editing.record ? `${kindWords[editing.kind].edit}: ${editing.record.name}` : kindWords[editing.kind].create}
          extra={editing.kind === 'model' && !editing.record ? `${type?.name ?? ''} · ${brand?.name ?? ''}` : undefined}
          initial={editing.record ? { name: editing.record.name, image: editing.record.image, published: editing.record.published } : undefined}
          onClose={() => setEditing(null)}
          onSubmit={submit}
          pending={create.isPending || update.isPending}
        />
      ) : null}
    </>
  );
}

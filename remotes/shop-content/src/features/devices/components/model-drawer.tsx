import type { ShopModel } from '@repo/contracts';
import { QueryError, useRule } from '@repo/ui';
import { Button, Drawer, Flex, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Thumb } from '../../../shared/images';
import { priceText } from '../../../shared/money';
import { useModelPrices } from '../api';
import { PriceListEditor } from './price-list-editor';

/** The selected model (`?model=<id>`): its card and its repair price list. */
export function ModelDrawer({ modelId, model, onClose, onEdit }: { modelId: string | null; model?: ShopModel; onClose: () => void; onEdit: () => void }) {
  const prices = useModelPrices(modelId);
  const canEdit = useRule('edit:shop_content');
  const [dirty, setDirty] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  // Unsaved rows are not lost by a stray Escape or click outside.
  const close = () => {
    if (!dirty) return onClose();
    void modal.confirm({
      title: 'Закрыть без сохранения?',
      content: 'Изменения прайса пропадут.',
      okText: 'Закрыть',
      okButtonProps: { danger: true },
      cancelText: 'Вернуться',
      onOk: onClose,
    });
  };
  return (
    <Drawer open={!!modelId} onClose={close} size={760} title={model ? `Прайс ремонта: ${model.name}` : 'Прайс ремонта'} destroyOnHidden>
      {model ? (
        <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
          <Thumb image={model.image} size={56} alt={model.name} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {model.brandName} {model.name}
            </Typography.Text>
            <div>
              <Space size={4} wrap>
                <Tag>{model.typeName}</Tag>
                {model.published ? <Tag color="blue">на сайте</Tag> : <Tag>скрыта</Tag>}
                {model.minPrice !== null ? <Typography.Text type="secondary">{priceText(model.minPrice, true)}</Typography.Text> : null}
              </Space>
            </div>
          </div>
          {canEdit ? <Button onClick={onEdit}>Изменить модель</Button> : null}
        </Flex>
      ) : null}
      {prices.isError ? (
        <QueryError error={prices.error} onRetry={() => void prices.refetch()} title="Не удалось загрузить прайс" bare />
      ) : !prices.data || !modelId ? (
        <Skeleton active />
      ) : (
        <PriceListEditor key={`${modelId}:${JSON.stringify(prices.data)}`} modelId={modelId} saved={prices.data} canEdit={canEdit} onDirtyChange={setDirty} />
      )}
      {modalHolder}
    </Drawer>
  );
}

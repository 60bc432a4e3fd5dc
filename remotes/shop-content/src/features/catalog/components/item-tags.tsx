import type { ShopCatalogItem } from '@repo/contracts';
import { Space, Tag } from 'antd';

export function StockTag({ inStock }: { inStock: boolean }) {
  return inStock ? <Tag color="green">в наличии</Tag> : <Tag color="gold">под заказ</Tag>;
}

/** The drawer's header marks: availability, archived, hidden. */
export function ItemTags({ item }: { item: ShopCatalogItem }) {
  return (
    <Space size={4} wrap>
      <StockTag inStock={item.inStock} />
      {item.archived ? <Tag color="red">в архиве</Tag> : null}
      {!item.published ? <Tag>скрыт</Tag> : <Tag color="blue">на сайте</Tag>}
    </Space>
  );
}

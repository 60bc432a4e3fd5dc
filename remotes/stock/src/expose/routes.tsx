import { ScreenNotBuilt, type RemoteRoute } from '@repo/shared-core';
import { StockTabs } from '../shared/stock-tabs';

const AREA = 'Склад и товары';

const screen = (path: string, title: string, withTabs = false): RemoteRoute => ({
  path,
  Component: withTabs
    ? () => (
        <>
          <StockTabs />
          <ScreenNotBuilt screen={title} area={AREA} />
        </>
      )
    : () => <ScreenNotBuilt screen={title} area={AREA} />,
});

/** The only public surface of the remote: route objects the host mounts (paths from the site root). */
export const routes: RemoteRoute[] = [
  screen('/stock', 'Склад', true),
  screen('/stock/leftovers', 'Остатки', true),
  screen('/stock/posting', 'Оприходование', true),
  screen('/stock/inventory', 'Инвентаризация', true),
  screen('/stock/displacement', 'Перемещения', true),
  screen('/stock/product', 'Карточка товара', true),
  screen('/stock/refund', 'Возвраты', true),
  screen('/procurement', 'Закупки'),
  screen('/categories', 'Категории'),
  screen('/subcategories', 'Подкатегории'),
  screen('/products', 'Продукты'),
];

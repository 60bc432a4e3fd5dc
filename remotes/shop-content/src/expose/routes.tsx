import { ScreenNotBuilt, type RemoteRoute } from '@repo/shared-core';

const AREA = 'Интернет-магазин';

const screen = (path: string, title: string): RemoteRoute => ({ path, Component: () => <ScreenNotBuilt screen={title} area={AREA} /> });

/** The only public surface of the remote: route objects the host mounts (paths from the site root). */
export const routes: RemoteRoute[] = [
  screen('/catalog', 'Каталог'),
  screen('/devices', 'Устройства'),
  screen('/request/:id?', 'Заявки'),
  screen('/constructors', 'Конструкторы'),
  screen('/constructorMainSlider', 'Главный слайдер'),
  screen('/constructorGeneralCategory', 'Категории интернет-магазина'),
];

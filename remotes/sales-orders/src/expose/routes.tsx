import { ScreenNotBuilt, type RemoteRoute } from '@repo/shared-core';

const AREA = 'Продажи и заказы';

const screen = (path: string, title: string): RemoteRoute => ({ path, Component: () => <ScreenNotBuilt screen={title} area={AREA} /> });

/** The only public surface of the remote: route objects the host mounts (paths from the site root). */
export const routes: RemoteRoute[] = [
  screen('/sales', 'Продажи'),
  screen('/orders', 'Заказы/Ремонт'),
  screen('/patterns', 'Документы'),
  screen('/credits', 'Кредитные предложения'),
];

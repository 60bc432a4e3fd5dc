import { ScreenNotBuilt, type RemoteRoute } from '@repo/shared-core';

const AREA = 'Клиенты и финансы';

const screen = (path: string, title: string): RemoteRoute => ({ path, Component: () => <ScreenNotBuilt screen={title} area={AREA} /> });

/** The only public surface of the remote: route objects the host mounts (paths from the site root). */
export const routes: RemoteRoute[] = [
  screen('/clients', 'Клиенты'),
  screen('/finance', 'Финансы'),
  screen('/reports', 'Отчеты'),
  screen('/tasks', 'Задачи'),
  screen('/planner', 'Планировщик'),
  screen('/profileworker', 'Профили сотрудников'),
];

import './polyfills';
import '@testing-library/jest-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

// antd pages are heavy in jsdom: on a busy CI machine a find* can need more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

/** An axios-shaped failure, as `getApiError` reads it (`isAxiosError` + `response`). */
export function apiFailure(status: number, data: { message: string; code?: string; errors?: Record<string, string> }) {
  return Object.assign(new Error(data.message), { isAxiosError: true, response: { status, data } });
}

/** Renders inside the providers the host gives every page, at `route`, with `path` as the route pattern. */
export function renderPage(ui: ReactElement, { route = '/', path = '*' }: { route?: string; path?: string } = {}) {
  const start = route.split('?')[0];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const utils = render(
    <ConfigProvider locale={ruRU}>
      <AntApp>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={ui} />
              {/* Stand-ins for where pages send the user, so a test can see it arrived. */}
              {start !== '/login' && <Route path="/login" element={<div>Страница входа</div>} />}
              {start !== '/' && <Route path="/" element={<div>Главная страница</div>} />}
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return { ...utils, client };
}

/** Lets antd's deferred bookkeeping (menu key records, form batching) finish inside act. */
export const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

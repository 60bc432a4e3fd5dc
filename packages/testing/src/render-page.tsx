import type { Profile } from '@repo/contracts';
import { authStore, useRealtimeInvalidation } from '@repo/shared-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, type RenderResult } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createFakeApi, FakeApi, type FakeReply } from './fake-api';
import { makeProfile } from './profile';

// antd pages are heavy in jsdom: on a busy CI machine a find* can need more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

/** Routes for the fake API: `{ 'get releases': { areas: [] }, 'post releases/:area/activate': (call) => … }`. */
export type FakeRoutes = Record<`${'get' | 'post' | 'put' | 'patch' | 'delete'} ${string}`, FakeReply>;

export interface RenderPageOptions {
  /** The URL the page opens at, with its search params (`/settings?tab=releases`). */
  route?: string;
  /** The route pattern the page is mounted under (`/orders/:id`); `*` by default. */
  path?: string;
  /** Signs this employee in (the auth store's profile); `rules` alone signs in a default employee with them. */
  profile?: Profile | Partial<Profile>;
  rules?: readonly string[];
  /** A fake API to answer through (created with `createFakeApi`), or the routes for a new one. */
  api?: FakeApi | FakeRoutes;
  /** Extra routes beside the page (where it navigates to); stand-ins for `/` and `/login` are there already. */
  routes?: ReactNode;
}

export interface RenderPageResult extends RenderResult {
  client: QueryClient;
  /** The fake API when one was given or created from `api` routes. */
  api: FakeApi | undefined;
  /** The router's current location (path + search), as the page left it. */
  location: () => string;
}

/** The test's query client: no retries (a failure shows at once), nothing kept between tests. */
export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

function LocationProbe({ onLocation }: { onLocation: (path: string) => void }) {
  const location = useLocation();
  onLocation(location.pathname + location.search);
  return null;
}

function Realtime({ client }: { client: QueryClient }) {
  // As in the host: realtime events invalidate `[event.entity]` in this test's cache.
  useRealtimeInvalidation(client);
  return null;
}

/**
 * Renders a page inside the providers the host gives every screen: antd (ru_RU) with its App
 * context, a fresh query client, a memory router at `route` — and, when asked, a signed-in employee
 * and a fake API. Realtime events emitted on shared-core's bus invalidate this client's queries.
 */
export function renderPage(ui: ReactElement, options: RenderPageOptions = {}): RenderPageResult {
  const { route = '/', path = '*', routes } = options;
  const start = route.split('?')[0];
  const client = createTestQueryClient();

  let fake: FakeApi | undefined;
  if (options.api instanceof FakeApi) fake = options.api;
  else if (options.api) {
    fake = createFakeApi();
    for (const [key, reply] of Object.entries(options.api)) {
      const [method, pattern] = key.split(' ') as [Parameters<FakeApi['on']>[0], string];
      fake.on(method, pattern, reply);
    }
  }

  if (options.profile || options.rules) {
    const profile =
      options.profile && 'role' in options.profile && 'id' in options.profile && !options.rules
        ? (options.profile as Profile)
        : makeProfile({ ...options.profile, ...(options.rules ? { rules: options.rules } : {}) });
    act(() => authStore.getState().setProfile(profile));
  }

  let current = route;
  const utils = render(
    <ConfigProvider locale={ruRU}>
      <AntApp>
        <QueryClientProvider client={client}>
          <Realtime client={client} />
          <MemoryRouter initialEntries={[route]}>
            <LocationProbe onLocation={(l) => (current = l)} />
            <Routes>
              <Route path={path} element={ui} />
              {routes}
              {/* Stand-ins for where pages send the user, so a test can see it arrived. */}
              {start !== '/login' && <Route path="/login" element={<div>Страница входа</div>} />}
              {start !== '/' && <Route path="/" element={<div>Главная страница</div>} />}
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return { ...utils, client, api: fake, location: () => current };
}

/** Lets antd's deferred bookkeeping (menu key records, form batching) finish inside act. */
export const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** An axios-shaped failure, as `getApiError` reads it (`isAxiosError` + `response`), for mocked fetchers. */
export function apiFailure(status: number, data: { message: string; code?: string; errors?: Record<string, string> }) {
  return Object.assign(new Error(data.message), { isAxiosError: true, response: { status, data } });
}

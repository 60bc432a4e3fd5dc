import { areaMetaSchema, type AreaMeta, type RemoteArea } from '@repo/contracts';
import type { AreaRoute } from '@repo/shared-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

export interface AreaContract {
  area: RemoteArea;
  areaMeta: AreaMeta;
  routes: AreaRoute[];
  /** The area's paths in the order `area.ts` lists them: a route added or lost fails the test. */
  paths: string[];
  /** `[name, label, route, order]` of each menu item: the seed's labels and order. */
  menu: Array<[string, string, string, number]>;
  /** Text each screen shows right after it loads (the placeholder's «ещё не создан» until a screen is built). */
  screenText?: RegExp;
}

/**
 * The checks every area owes the host: its `./routes` match its metadata one to one, every screen is a
 * lazily loaded chunk that renders, and the metadata `/remotes.json` will carry is valid, with prefixes
 * covering every route and the seed's menu items. One call per area's `routes.test.tsx`.
 */
export function describeAreaContract({ area, areaMeta, routes, paths, menu, screenText }: AreaContract): void {
  describe(`${area}/routes`, () => {
    it('exposes exactly the paths of its metadata, each with its metadata as handle', () => {
      expect(routes.map((r) => r.path)).toEqual(paths);
      expect(areaMeta.routes.map((r) => r.path)).toEqual(paths);
      for (const r of routes) expect(r.handle).toEqual(areaMeta.routes.find((m) => m.path === r.path));
    });

    it('loads every screen on demand, and each renders', async () => {
      for (const route of routes) {
        const { Component } = await route.lazy();
        // A built screen queries the API: nothing answers here, so queries stay idle and it shows its loading state.
        const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
        const { unmount } = render(
          <QueryClientProvider client={client}>
            <MemoryRouter initialEntries={[route.path.replace(/\/:[^/]+\?$/, '').replace(/:[^/]+/g, '1')]}>
              <Component />
            </MemoryRouter>
          </QueryClientProvider>,
        );
        // The screen may load more lazily (shared-core's placeholder card is its own chunk): wait for it. The
        // first one compiles antd on a cold jest cache (a fresh CI clone): that alone took over 5 s there.
        if (screenText) expect((await screen.findAllByText(screenText, undefined, { timeout: 45_000 })).length).toBeGreaterThan(0);
        client.clear();
        unmount();
      }
      // Dozens of screens, each a lazy chunk (and a lazy placeholder card): more than jest's default 5 s on a busy machine.
    }, 120_000);
  });

  describe(`${area}/area`, () => {
    it('is valid metadata for /remotes.json whose prefixes cover every route', () => {
      expect(areaMetaSchema.parse(areaMeta)).toEqual(areaMeta);
      expect(areaMeta.area).toBe(area);
      for (const r of areaMeta.routes) {
        expect(areaMeta.prefixes.some((p) => r.path === p || r.path.startsWith(`${p}/`))).toBe(true);
      }
    });

    it('contributes its menu items with the seed labels and order', () => {
      expect(areaMeta.menu.map((m) => [m.name, m.label, m.route, m.order])).toEqual(menu);
    });
  });
}

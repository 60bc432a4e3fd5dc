import { allRules, type SalePage } from '@repo/contracts';
import { makeProfile, renderPage } from '@repo/testing';
import { screen } from '@testing-library/react';
import { SalesListPage } from '../pages/sales-list-page';

/** The demo cashier's rules (server/src/db/seed/roles.ts): sells, no export, no cancel. */
const cashier = ['view:sale:location', 'create:sale:location', 'post:sale:location', 'print:sale:location', 'view:client:location', 'create:client:location', 'view:finance:location', 'create:finance:location', 'view:repair_order:location', 'post:repair_order:location', 'print:repair_order:location'];
const owner = makeProfile({ role: { id: 'r0', name: 'owner', title: 'Владелец', rules: [] } });

const empty: SalePage = { items: [], total: 0, totals: { count: 0, total: 0, discount: 0, returned: 0, byMethod: { cash: 0, card: 0, transfer: 0 } } } as unknown as SalePage;
const api = { 'get sales': empty, 'get orders/staff': [] };

// antd pages are heavy in jsdom: a busy machine needs more than the default 5 s per test.
jest.setTimeout(30_000);

describe('the sales journal hides what the role may not do', () => {
  it('a cashier sells but does not export: «Excel» is gone, «Новая продажа» stays', async () => {
    renderPage(<SalesListPage />, { route: '/sales/list', rules: cashier, api });
    expect(await screen.findByText('За этот период продаж нет')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Новая продажа/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Excel/ })).not.toBeInTheDocument();
  });

  it('someone who only views sales sees neither', async () => {
    renderPage(<SalesListPage />, { route: '/sales/list', rules: ['view:sale:all'], api });
    expect(await screen.findByText('За этот период продаж нет')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Новая продажа/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Excel/ })).not.toBeInTheDocument();
  });

  it.each([
    ['the owner (no stored rules needed)', { profile: owner }],
    ['a role with every rule', { rules: allRules() }],
  ])('%s sees both', async (_, who) => {
    renderPage(<SalesListPage />, { route: '/sales/list', ...who, api });
    expect(await screen.findByText('За этот период продаж нет')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Новая продажа/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Excel/ })).toBeInTheDocument();
  });
});

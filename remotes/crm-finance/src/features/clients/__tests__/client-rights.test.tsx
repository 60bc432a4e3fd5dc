import type { Client } from '@repo/contracts';
import { makeProfile, renderPage } from '@repo/testing';
import { screen, within } from '@testing-library/react';
import { ClientsPage } from '../pages/clients-page';

// antd pages are heavy in jsdom: a busy machine needs more than the default 5 s per test.
jest.setTimeout(30_000);

/** The demo cashier's client rules (server/src/db/seed/roles.ts): views and adds clients, no contacts. */
const cashier = ['view:client:location', 'create:client:location', 'view:sale:location', 'create:sale:location'];
const owner = makeProfile({ role: { id: 'r0', name: 'owner', title: 'Владелец', rules: [] } });

const client: Client = {
  id: 'c1',
  kind: 'person',
  name: 'Иван Петров',
  phones: ['+79001234567'],
  email: null,
  address: null,
  source: null,
  tags: [],
  discountPercent: 0,
  notes: null,
  isSupplier: false,
  inn: null,
  balance: 0,
  contactsHidden: false,
  archivedAt: null,
  mergedIntoId: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};
const api = {
  'get clients': { items: [client], total: 1, totalExact: true },
  'get clients/facets': { tags: [], sources: [] },
  'get clients/:id': client,
  'get clients/:id/history': { items: [], total: 0 },
};

async function openCard(who: { rules?: string[]; profile?: ReturnType<typeof makeProfile> }) {
  renderPage(<ClientsPage />, { route: '/clients?open=c1', ...who, api });
  const card = await screen.findByRole('dialog');
  expect(await within(card).findByLabelText('Телефон 1')).toBeInTheDocument();
  return card;
}

describe('the client list and card hide what the role may not do', () => {
  it('a cashier adds clients but does not export, edit, archive or merge', async () => {
    const card = await openCard({ rules: cashier });
    expect(screen.getByRole('button', { name: /Новый клиент/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Excel/ })).not.toBeInTheDocument();
    // The card reads, without a save button, and its fields are locked.
    expect(within(card).queryByRole('button', { name: /Сохранить/ })).not.toBeInTheDocument();
    expect(within(card).getByLabelText('Телефон 1')).toBeDisabled();
    expect(within(card).queryByRole('button', { name: /В архив/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Объединить/ })).not.toBeInTheDocument();
  });

  it('archive needs delete, merge needs edit as well', async () => {
    const card = await openCard({ rules: ['view:client:all', 'delete:client:all'] });
    expect(within(card).getByRole('button', { name: /В архив/ })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Объединить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Новый клиент/ })).not.toBeInTheDocument();
  });

  it('the owner gets every action', async () => {
    const card = await openCard({ profile: owner });
    expect(screen.getByRole('button', { name: /Новый клиент/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Excel/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Сохранить/ })).toBeInTheDocument();
    expect(within(card).getByLabelText('Телефон 1')).toBeEnabled();
    expect(within(card).getByRole('button', { name: /В архив/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Объединить/ })).toBeInTheDocument();
  });
});

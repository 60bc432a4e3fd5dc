import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { allRules, type AuditEntry, type AuditPage, type Profile } from '@repo/contracts';
import { api, authStore, bus } from '@repo/shared-core';
import { apiFailure, renderPage } from '../../../__tests__/helpers';
import { SettingsPage } from '../../settings-page';
import { changeLines, lineText } from '../audit-summary';

jest.mock('@repo/shared-core', () => {
  const actual = jest.requireActual('@repo/shared-core');
  actual.api.get = jest.fn();
  return actual;
});

const get = api.get as jest.Mock;

function signInWith(rules: string[]) {
  const profile: Profile = {
    id: 'e1',
    name: 'Ольга',
    phone: '+79000000001',
    position: null,
    location: { id: 'l1', name: 'Центр' },
    locations: [{ id: 'l1', name: 'Центр' }],
    role: { id: 'r', name: 'x', title: 'X', rules },
  };
  act(() => authStore.getState().setProfile(profile));
}

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 'a1',
  createdAt: '2024-05-06T09:07:05.000Z',
  employeeId: 'e1',
  employeeName: 'Ольга',
  locationId: 'l1',
  entity: 'location',
  entityId: 'l1',
  action: 'update',
  diff: null,
  ip: '10.0.0.1',
  ...over,
});

const page: AuditPage = {
  items: [
    entry({ id: 'a1', diff: { name: { before: 'А', after: 'Б' }, workingHours: { before: null, after: '10–20' } } }),
    entry({ id: 'a2', entity: 'employee', entityId: 'e1', action: 'login', locationId: null }),
    entry({ id: 'a3', entity: 'location', action: 'create', diff: { name: { after: 'Север' }, phone: { after: null } } }),
    entry({ id: 'a4', entity: 'employee', action: 'login_failed', employeeId: null, employeeName: null, diff: { phone: { after: '+79990000000' } } }),
  ],
  total: 4,
  page: 1,
  pageSize: 20,
};

/** Routes the mocked `api.get` by URL, as the page asks for both shops and the journal. */
function serve(audit: () => Promise<unknown>) {
  get.mockImplementation((url: string) => (url === 'audit' ? audit() : Promise.resolve({ data: [] })));
}

/** The summary lines as read (label and values are separate spans, for their colours). */
const changeTexts = () => screen.queryAllByTestId('audit-change').map((e) => e.textContent);
const findChange = (text: string) =>
  waitFor(() => {
    const line = screen.getAllByTestId('audit-change').find((e) => e.textContent === text);
    if (!line) throw new Error(`no change line «${text}»`);
    return line;
  });

const auditCalls = () => get.mock.calls.filter(([url]) => url === 'audit').map(([, config]) => config.params);

jest.setTimeout(20000);

describe('Журнал изменений', () => {
  beforeEach(() => get.mockReset());

  it('shows actions, objects and the change summary in Russian, newest page from the server', async () => {
    signInWith(allRules());
    serve(() => Promise.resolve({ data: page }));
    renderPage(<SettingsPage />, { route: '/settings?tab=audit', path: '/settings' });

    await findChange('Название: А → Б');
    expect(changeTexts()).toContain('Часы работы: — → 10–20');
    expect(screen.getAllByText('Изменение')[0]).toHaveClass('ant-tag');
    expect(screen.getByText('Вход')).toHaveClass('ant-tag');
    expect(screen.getByText('Создание')).toHaveClass('ant-tag');
    expect(screen.getByText('Неудачный вход')).toHaveClass('ant-tag');
    expect(screen.getAllByText('Магазин')).toHaveLength(2);
    expect(screen.getAllByText('Сотрудник').length).toBeGreaterThanOrEqual(2);
    // A create lists what was created, leaving out empty fields.
    expect(changeTexts()).toContain('Название: Север');
    expect(changeTexts().filter((t) => t?.startsWith('Телефон: —'))).toEqual([]);
    // An unknown phone signing in is nobody, not «система».
    const failed = (await findChange('Телефон: +79990000000')).closest('tr')!;
    expect(within(failed).getByText('—')).toBeInTheDocument();
    expect(screen.getByText('Всего записей: 4')).toBeInTheDocument();
    expect(auditCalls()[0]).toEqual({ page: 1, pageSize: 20 });
  });

  it('«Только мои действия» asks the server for the employee\'s own rows, from page 1', async () => {
    signInWith(allRules());
    serve(() => Promise.resolve({ data: page }));
    renderPage(<SettingsPage />, { route: '/settings?tab=audit', path: '/settings' });
    await findChange('Название: А → Б');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Только мои действия' }));
    await waitFor(() => expect(auditCalls().at(-1)).toEqual(expect.objectContaining({ employeeId: 'e1', page: 1 })));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Только мои действия' }));
    await waitFor(() => expect(auditCalls().at(-1)?.employeeId).toBeUndefined());
  });

  it('expands a row to the full diff and refreshes on any realtime event', async () => {
    signInWith(allRules());
    serve(() => Promise.resolve({ data: page }));
    renderPage(<SettingsPage />, { route: '/settings?tab=audit', path: '/settings' });
    const row = (await findChange('Название: А → Б')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button'));
    expect(await screen.findByTestId('audit-diff-json')).toHaveTextContent('"before": "А"');

    const before = auditCalls().length;
    act(() => bus.emit('realtime:event', { type: 'updated', locationId: 'l1', entity: 'location', id: 'l1' }));
    await waitFor(() => expect(auditCalls().length).toBeGreaterThan(before));
  });

  it('shows «Записей нет» for an empty page and «Повторить» after an error', async () => {
    signInWith(allRules());
    serve(() => Promise.resolve({ data: { items: [], total: 0, page: 1, pageSize: 20 } }));
    const { unmount } = renderPage(<SettingsPage />, { route: '/settings?tab=audit', path: '/settings' });
    expect(await screen.findByText('Записей нет')).toBeInTheDocument();
    unmount();

    let fail = true;
    serve(() => (fail ? Promise.reject(apiFailure(500, { message: 'Ошибка сервера' })) : Promise.resolve({ data: page })));
    renderPage(<SettingsPage />, { route: '/settings?tab=audit', path: '/settings' });
    expect(await screen.findByText('Не удалось загрузить журнал')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await findChange('Название: А → Б');
  });

  it('hides the tab without view:audit, even when the link asks for it', async () => {
    signInWith(['view:location:all']);
    serve(() => Promise.resolve({ data: page }));
    renderPage(<SettingsPage />, { route: '/settings?tab=audit', path: '/settings' });
    expect(await screen.findByText('Магазинов пока нет')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Журнал изменений' })).not.toBeInTheDocument();
    expect(auditCalls()).toHaveLength(0);
  });

  it('opens on the shops tab and loads the journal only when its tab is chosen', async () => {
    signInWith(['view:location:all', 'view:audit:location']);
    serve(() => Promise.resolve({ data: page }));
    renderPage(<SettingsPage />, { route: '/settings', path: '/settings' });
    expect(await screen.findByText('Магазинов пока нет')).toBeInTheDocument();
    expect(auditCalls()).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Журнал изменений' }));
    await findChange('Название: А → Б');
  });
});

describe('changeLines', () => {
  const texts = (e: Parameters<typeof changeLines>[0]) => changeLines(e).map(lineText);

  it('lists deleted values, skips bare ids and names employee fields for people', () => {
    expect(texts({ entity: 'location', action: 'delete', diff: { name: { before: 'Юг' }, address: { before: null } } })).toEqual(['Название: Юг']);
    expect(texts({ entity: 'employee', action: 'logout', diff: { session: { after: '0b8f4a52-2c7e-4f57-9a8e-2f7c1d7e9b10' } } })).toEqual([]);
    expect(texts({ entity: 'employee', action: 'update', diff: { name: { before: 'Оля', after: 'Ольга' } } })).toEqual(['Имя: Оля → Ольга']);
    expect(texts({ entity: 'location_image', action: 'create', diff: { size: { after: 2048 } } })).toEqual(['Размер, байт: 2,0 КБ']);
  });
});

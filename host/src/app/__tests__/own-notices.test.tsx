import type { Profile } from '@repo/contracts';
import { authStore, bus, NotificationsContainer } from '@repo/shared-core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useOwnNotices } from '../use-own-notices';

const me = { id: 'e1', name: 'Ольга', phone: '+79000000001', position: null, location: null, locations: [], role: { id: 'r', name: 'manager', title: 'Управляющий', rules: [] } } as Profile;

function Probe() {
  useOwnNotices();
  const { pathname, search } = useLocation();
  return <div data-testid="at">{pathname + search}</div>;
}

describe('useOwnNotices', () => {
  it('notifies the employee of events addressed to them, opens the link on click, and ignores the others', async () => {
    act(() => authStore.getState().setProfile(me));
    render(
      <MemoryRouter initialEntries={['/orders']}>
        <Probe />
        <NotificationsContainer />
      </MemoryRouter>,
    );
    act(() => {
      // To everyone (a list refresh) and to a colleague: no notification here.
      bus.emit('realtime:event', { type: 'created', entity: 'task', id: 't1', locationId: 'l1' });
      bus.emit('realtime:event', { type: 'created', entity: 'task', id: 't2', locationId: 'l1', employeeId: 'e2', notice: 'assigned', text: 'Вам назначена задача: чужая', href: '/tasks?task=t2' });
      bus.emit('realtime:event', { type: 'created', entity: 'task', id: 't3', locationId: 'l1', employeeId: 'e1', notice: 'assigned', text: 'Вам назначена задача: Позвонить клиенту', href: '/tasks?task=t3' });
    });
    const toast = await screen.findByText('Вам назначена задача: Позвонить клиенту');
    expect(screen.queryByText('Вам назначена задача: чужая')).not.toBeInTheDocument();
    fireEvent.click(toast);
    expect(screen.getByTestId('at')).toHaveTextContent('/tasks?task=t3');
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { uiStore } from '@repo/shared-core';
import { renderPage } from '../../__tests__/helpers';
import { DebugPage } from '../debug-page';

describe('DebugPage', () => {
  beforeEach(() => act(() => uiStore.getState().clearDebug()));

  it('says there are no errors when the list is empty', () => {
    renderPage(<DebugPage />, { route: '/debug', path: '/debug' });
    expect(screen.getByText('Ошибок нет')).toBeInTheDocument();
    expect(screen.queryByText('Очистить')).not.toBeInTheDocument();
  });

  it('lists stored errors with date, status, request and message, then clears them', () => {
    act(() => {
      uiStore.setState({
        debug: [
          {
            createdDate: '2024-06-05T14:30:15',
            error: { status: 404, method: 'get', url: 'stock/42', message: 'Запрос не найден' },
          },
          {
            createdDate: '2024-06-05T14:31:00',
            error: { isAxiosError: true, message: 'Network Error', config: { method: 'post', url: 'sales' } },
          },
        ],
      });
    });
    renderPage(<DebugPage />, { route: '/debug', path: '/debug' });
    expect(screen.getByText('05.06.2024 14:30:15')).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByText('GET stock/42')).toBeInTheDocument();
    expect(screen.getByText('Запрос не найден')).toBeInTheDocument();
    expect(screen.getByText('POST sales')).toBeInTheDocument();
    expect(screen.getByText('нет ответа')).toBeInTheDocument();

    fireEvent.click(screen.getByText('Очистить'));
    expect(uiStore.getState().debug).toEqual([]);
    expect(screen.getByText('Ошибок нет')).toBeInTheDocument();
  });
});

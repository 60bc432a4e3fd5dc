import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { NotificationsContainer } from '../notifications-container';
import { notify, toastDefaults } from '../notify';

afterEach(() => {
  act(() => toast.dismiss());
});

describe('notifications', () => {
  it('has the seed defaults: bottom-right, info, progress bar, close button, 5000 ms', () => {
    expect(toastDefaults).toEqual({ position: 'bottom-right', type: 'info', hideProgressBar: false, closeButton: true, autoClose: 5000 });
  });

  it('renders a plain notify() as an info toast at the bottom right, with a close button and a 5 s progress bar', async () => {
    const { container } = render(<NotificationsContainer />);
    act(() => {
      notify('Сохранено');
    });
    const text = await screen.findByText('Сохранено');
    const toastEl = text.closest('.Toastify__toast') as HTMLElement;
    expect(toastEl).toHaveClass('Toastify__toast--info');
    expect(container.querySelector('.Toastify__toast-container--bottom-right')).not.toBeNull();
    expect(toastEl.querySelector('.Toastify__close-button')).not.toBeNull();
    const progress = toastEl.querySelector('[role="progressbar"]') as HTMLElement;
    expect(progress).not.toBeNull();
    expect(progress).not.toHaveClass('Toastify__progress-bar--hidden');
    expect(progress.style.animationDuration).toBe('5000ms');
  });

  it('notify.error is the negative notification (an error toast)', async () => {
    render(<NotificationsContainer />);
    act(() => {
      notify.error('Ошибка сервера');
    });
    const text = await screen.findByText('Ошибка сервера');
    expect(text.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
  });

  it('gives the seed defaults to toasts raised with react-toastify directly, too', async () => {
    const { container } = render(<NotificationsContainer />);
    act(() => {
      toast('Напрямую');
    });
    const toastEl = (await screen.findByText('Напрямую')).closest('.Toastify__toast') as HTMLElement;
    expect(container.querySelector('.Toastify__toast-container--bottom-right')).not.toBeNull();
    expect(toastEl.querySelector('.Toastify__close-button')).not.toBeNull();
    expect((toastEl.querySelector('[role="progressbar"]') as HTMLElement).style.animationDuration).toBe('5000ms');
  });
});

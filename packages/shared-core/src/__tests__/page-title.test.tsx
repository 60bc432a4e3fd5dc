import { renderHook } from '@testing-library/react';
import { usePageTitle } from '../page-title';

describe('usePageTitle', () => {
  it('sets "<title> — Сервис+" and follows title changes', () => {
    const { rerender } = renderHook(({ title }) => usePageTitle(title), { initialProps: { title: 'Продажи' } });
    expect(document.title).toBe('Продажи — Сервис+');
    rerender({ title: 'Клиенты' });
    expect(document.title).toBe('Клиенты — Сервис+');
  });

  it('shows the app name for a page without a title', () => {
    renderHook(() => usePageTitle(undefined));
    expect(document.title).toBe('Сервис+');
  });
});

import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { ScrollReset } from '../scroll-reset';

function setup() {
  let navigate!: NavigateFunction;
  const Grab = () => {
    navigate = useNavigate();
    return null;
  };
  render(
    <MemoryRouter initialEntries={['/sales']}>
      <div data-scroll-container>
        <ScrollReset />
        <Grab />
      </div>
    </MemoryRouter>,
  );
  return (to: string) => act(() => navigate(to));
}

describe('ScrollReset', () => {
  it('scrolls the window and scroll containers to the top left on every route change', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const go = setup();
    scrollTo.mockClear();
    const container = document.querySelector<HTMLElement>('[data-scroll-container]')!;
    container.scrollTop = 300;
    container.scrollLeft = 40;

    await go('/clients');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(container.scrollTop).toBe(0);
    expect(container.scrollLeft).toBe(0);

    scrollTo.mockClear();
    await go('/sales');
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('does not scroll when only the query string changes', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const go = setup();
    scrollTo.mockClear();
    await go('/sales?page=2');
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

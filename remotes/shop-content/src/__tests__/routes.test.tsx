import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { routes } from '../expose/routes';

const expected = ["/catalog", "/devices", "/request/:id?", "/constructors", "/constructorMainSlider", "/constructorGeneralCategory"];

describe('shopContent/routes', () => {
  it('exposes exactly the paths the host mounts for this area', () => {
    expect(routes.map((r) => r.path)).toEqual(expected);
  });

  it('renders a Russian «not built yet» screen for every route', () => {
    for (const route of routes) {
      const { unmount } = render(
        <MemoryRouter initialEntries={[route.path.replace('/:id?', '')]}>
          <route.Component />
        </MemoryRouter>,
      );
      expect(screen.getByText(/ещё не создан/)).toBeTruthy();
      unmount();
    }
  });
});

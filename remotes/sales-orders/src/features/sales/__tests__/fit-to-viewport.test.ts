import { fitHeight } from '../components/fit-to-viewport';

describe('fitHeight: the payment panel never reaches past the window', () => {
  const opts = { stickyTop: 80, bottomGap: 16 };

  it('at rest: from where the panel stands to the bottom of a 768 px window', () => {
    expect(fitHeight(190, 768, opts)).toBe(562);
  });

  it('scrolled: the panel sticks under the header, so it may grow to the window less the header', () => {
    expect(fitHeight(80, 768, opts)).toBe(672);
    // Scrolled past its place (the top would be negative): still measured from where it sticks.
    expect(fitHeight(-400, 768, opts)).toBe(672);
  });

  it('a very low window keeps a usable minimum (the panel then scrolls inside)', () => {
    expect(fitHeight(190, 300, opts)).toBe(240);
    expect(fitHeight(190, 300, { ...opts, min: 100 })).toBe(100);
  });
});

import { act, renderHook } from '@testing-library/react';
import { isSiderCollapsed, readSiderChoices, siderStorageKey, useSiderCollapsed, writeSiderChoices } from '../sider-preference';

describe('the remembered side-menu choice', () => {
  beforeEach(() => localStorage.clear());

  it('folds a narrow window and unfolds a wide one until the employee chooses', () => {
    expect(isSiderCollapsed({}, 'narrow')).toBe(true);
    expect(isSiderCollapsed({}, 'wide')).toBe(false);
    expect(isSiderCollapsed({ narrow: false }, 'narrow')).toBe(false);
    expect(isSiderCollapsed({ wide: true }, 'wide')).toBe(true);
    // A choice for one width class leaves the other to its default.
    expect(isSiderCollapsed({ wide: true }, 'narrow')).toBe(true);
    expect(isSiderCollapsed({ narrow: false }, 'wide')).toBe(false);
  });

  it('keeps each employee’s choice under their own key', () => {
    writeSiderChoices('e1', { narrow: false });
    writeSiderChoices('e2', { wide: true });
    expect(localStorage.getItem(siderStorageKey('e1'))).toBe('{"narrow":false}');
    expect(readSiderChoices('e1')).toEqual({ narrow: false });
    expect(readSiderChoices('e2')).toEqual({ wide: true });
    expect(readSiderChoices('e3')).toEqual({});
    // Nobody signed in: nothing read or written.
    writeSiderChoices(undefined, { wide: true });
    expect(readSiderChoices(undefined)).toEqual({});
  });

  it('ignores a broken or foreign stored value', () => {
    localStorage.setItem(siderStorageKey('e1'), 'not json');
    expect(readSiderChoices('e1')).toEqual({});
    localStorage.setItem(siderStorageKey('e1'), '{"narrow":"yes","wide":true,"x":1}');
    expect(readSiderChoices('e1')).toEqual({ wide: true });
    localStorage.setItem(siderStorageKey('e1'), 'null');
    expect(readSiderChoices('e1')).toEqual({});
  });

  it('survives storage that throws (private mode)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readSiderChoices('e1', broken)).toEqual({});
    expect(() => writeSiderChoices('e1', { wide: true }, broken)).not.toThrow();
  });

  it('toggles and remembers for the width class the choice was made in', () => {
    const { result, rerender } = renderHook(({ id, width }: { id: string; width: 'narrow' | 'wide' }) => useSiderCollapsed(id, width), {
      initialProps: { id: 'e1', width: 'narrow' },
    });
    expect(result.current[0]).toBe(true);
    act(() => result.current[1]());
    expect(result.current[0]).toBe(false);
    expect(readSiderChoices('e1')).toEqual({ narrow: false });
    // The window grows: the wide default (unfolded) holds, the narrow choice is kept.
    rerender({ id: 'e1', width: 'wide' });
    expect(result.current[0]).toBe(false);
    act(() => result.current[1]());
    expect(result.current[0]).toBe(true);
    expect(readSiderChoices('e1')).toEqual({ narrow: false, wide: true });
  });

  it('another employee on the same browser gets their own choice, and it is read again on the next visit', () => {
    writeSiderChoices('e2', { narrow: false });
    const { result, rerender } = renderHook(({ id }: { id: string }) => useSiderCollapsed(id, 'narrow'), { initialProps: { id: 'e1' } });
    act(() => result.current[1]()); // e1 unfolds… then folds again
    act(() => result.current[1]());
    expect(result.current[0]).toBe(true);
    rerender({ id: 'e2' });
    expect(result.current[0]).toBe(false);
    rerender({ id: 'e1' });
    expect(result.current[0]).toBe(true);
    // A reload: a fresh hook reads what was stored.
    const again = renderHook(() => useSiderCollapsed('e1', 'narrow'));
    expect(again.result.current[0]).toBe(true);
    expect(readSiderChoices('e1')).toEqual({ narrow: true });
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderPage } from '../../../__tests__/helpers';
import { cellScope, nextScope, normalise, setCell, setRow, toggleSpecial } from '../matrix';
import { RuleMatrix } from '../rule-matrix';

describe('matrix helpers', () => {
  it('a cell holds one scope: setting it replaces the others, null removes it', () => {
    const rules = ['view:sale:own', 'view:sale:all', 'create:sale:location'];
    expect(cellScope(rules, 'view', 'sale')).toBe('all');
    expect(setCell(rules, 'view', 'sale', 'location')).toEqual(['view:sale:location', 'create:sale:location']);
    expect(setCell(rules, 'create', 'sale', null)).toEqual(['view:sale:all', 'view:sale:own']);
  });

  it('a row preset sets every action of the entity and leaves other rows alone', () => {
    const out = setRow(['view:client:location', 'change_location'], 'report', 'location');
    expect(out).toContain('view:client:location');
    expect(out).toContain('export:report:location');
    expect(out.filter((r) => r.endsWith(':report:location'))).toHaveLength(8);
    expect(setRow(out, 'report', null)).toEqual(['view:client:location', 'change_location']);
  });

  it('special rights toggle, the order is stable and duplicates go', () => {
    expect(toggleSpecial(['view:sale:all'], 'see_cost', true)).toEqual(['view:sale:all', 'see_cost']);
    expect(toggleSpecial(['see_cost'], 'see_cost', false)).toEqual([]);
    expect(normalise(['see_cost', 'view:client:all', 'view:location:all', 'view:client:all'])).toEqual(['view:location:all', 'view:client:all', 'see_cost']);
    expect([null, 'own', 'location', 'all'].map((s) => nextScope(s as never))).toEqual(['own', 'location', 'all', null]);
  });
});

function Harness({ initial, onRules }: { initial: string[]; onRules: (r: string[]) => void }) {
  const [rules, setRules] = useState(initial);
  return (
    <RuleMatrix
      value={rules}
      onChange={(r) => {
        setRules(r);
        onRules(r);
      }}
    />
  );
}

describe('RuleMatrix', () => {
  it('clicking a cell cycles its scope and gives the right rule strings', () => {
    const onRules = jest.fn();
    renderPage(<Harness initial={['view:client:location']} onRules={onRules} />);
    const cell = screen.getByTestId('cell-view-report');
    expect(cell).toHaveAttribute('data-scope', 'none');
    fireEvent.click(cell);
    expect(onRules).toHaveBeenLastCalledWith(['view:client:location', 'view:report:own']);
    fireEvent.click(screen.getByTestId('cell-view-report'));
    expect(onRules).toHaveBeenLastCalledWith(['view:client:location', 'view:report:location']);
    expect(screen.getByTestId('cell-view-report')).toHaveAttribute('data-scope', 'location');
    fireEvent.click(screen.getByTestId('cell-view-report'));
    fireEvent.click(screen.getByTestId('cell-view-report'));
    expect(onRules).toHaveBeenLastCalledWith(['view:client:location']);

    fireEvent.click(screen.getByRole('button', { name: 'Клиенты: нет' }));
    expect(onRules).toHaveBeenLastCalledWith([]);
    fireEvent.click(screen.getByRole('button', { name: 'Продажи: всё' }));
    expect(onRules.mock.lastCall[0]).toEqual(['view:sale:all', 'create:sale:all', 'edit:sale:all', 'delete:sale:all', 'post:sale:all', 'cancel:sale:all', 'print:sale:all', 'export:sale:all']);
  });

  it('is read-only when asked: no quick buttons, cells disabled', () => {
    renderPage(<RuleMatrix value={['view:sale:all']} readOnly />);
    expect(screen.getByTestId('cell-view-sale')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Продажи: всё' })).toBeNull();
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { SerialsInput } from '../components/serials-input';
import { addProduct, type DraftLine } from '../pages/document-page';

const phone = { id: 'p1', name: 'iPhone 13', sku: 'IP13', serialTracked: true };
const glass = { id: 'p2', name: 'Стекло', sku: null, serialTracked: false };

describe('addProduct (line editing and scan counting)', () => {
  it('adds a new line with one unit, then one more unit on a repeat scan', () => {
    let lines: DraftLine[] = [];
    lines = addProduct(lines, glass);
    expect(lines).toEqual([expect.objectContaining({ productId: 'p2', qty: 1, counted: null, serials: [], cost: null })]);
    lines = addProduct(lines, glass);
    lines = addProduct(lines, phone);
    expect(lines.map((l) => [l.productId, l.qty])).toEqual([['p2', 2], ['p1', 1]]);
  });

  it('counts in a stocktake: a scan adds one to «counted», not to qty', () => {
    let lines: DraftLine[] = [];
    lines = addProduct(lines, glass, { counting: true });
    lines = addProduct(lines, glass, { counting: true });
    lines = addProduct(lines, glass, { counting: true });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ counted: 3, qty: 1 });
  });

  it('does not mutate the lines it was given', () => {
    const before: DraftLine[] = addProduct([], glass);
    const after = addProduct(before, glass);
    expect(before[0]!.qty).toBe(1);
    expect(after[0]!.qty).toBe(2);
  });
});

function Harness({ expected }: { expected?: number }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <SerialsInput label="Серийные номера" value={value} onChange={setValue} expected={expected} />
      <output data-testid="value">{value.join('|')}</output>
    </>
  );
}

describe('SerialsInput (one per unit, scanner-friendly)', () => {
  it('adds a scanned serial on Enter and ignores a repeat', () => {
    render(<Harness expected={2} />);
    const input = screen.getByLabelText('Серийные номера');
    for (const s of ['SN-1', 'SN-2', 'SN-1']) {
      fireEvent.change(input, { target: { value: s } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 }); // antd locks Enter until it is released, as a scanner does
    }
    expect(screen.getByTestId('value').textContent).toBe('SN-1|SN-2');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('splits a pasted list on spaces, commas and new lines', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Серийные номера');
    fireEvent.paste(input, { clipboardData: { getData: () => 'A1, A2\nA3 A1' } });
    expect(screen.getByTestId('value').textContent).toBe('A1|A2|A3');
  });
});

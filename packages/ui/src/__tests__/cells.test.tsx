import { render, screen } from '@testing-library/react';
import { DateCell, MoneyCell, StatusCell, defineStatuses } from '../cells';

const statuses = defineStatuses({ new: { label: 'Новый', color: 'blue' }, done: { label: 'Выдан', color: 'green' } });

describe('cells', () => {
  it('MoneyCell: roubles with non-breaking spaces, negatives in red, blank for none', () => {
    const { container } = render(
      <>
        <MoneyCell value={123456} />
        <MoneyCell value={-500} />
        <MoneyCell value={null} />
      </>,
    );
    expect(screen.getByText('1\u00a0234,56\u00a0₽', { normalizer: (t) => t })).toBeInTheDocument();
    expect(screen.getByText('-5,00\u00a0₽', { normalizer: (t) => t }).className).toMatch(/danger/);
    expect(container.querySelectorAll('span')).toHaveLength(3);
  });

  it('DateCell: the seed formats, blank for an invalid date', () => {
    render(
      <>
        <DateCell value="2024-06-05T11:30:00" />
        <DateCell value="2024-06-05T14:30:00" time />
        <DateCell value="nonsense" />
      </>,
    );
    expect(screen.getByText('05.06.2024')).toBeInTheDocument();
    expect(screen.getByText('05.06.2024 14:30')).toBeInTheDocument();
    expect(screen.getByText('05.06.2024').getAttribute('title')).toBe('05.06.2024 11:30');
  });

  it('StatusCell: the label in its colour; an unknown status as it is', () => {
    render(
      <>
        <StatusCell value="done" statuses={statuses} />
        <StatusCell value={'lost' as 'new'} statuses={statuses} />
      </>,
    );
    expect(screen.getByText('Выдан').className).toMatch(/green/);
    expect(screen.getByText('lost')).toBeInTheDocument();
  });
});

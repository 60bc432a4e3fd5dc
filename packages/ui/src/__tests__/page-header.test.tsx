import { render, screen } from '@testing-library/react';
import { PageHeader } from '../page-header';

describe('PageHeader', () => {
  it('shows the title as a heading, the subtitle and the actions', () => {
    render(<PageHeader title="Версии разделов" subtitle="Что сейчас работает" actions={<button>Обновить</button>} />);
    expect(screen.getByRole('heading', { level: 4, name: 'Версии разделов' })).toBeInTheDocument();
    expect(screen.getByText('Что сейчас работает')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Обновить' })).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { makeProfile, renderPage } from '@repo/testing';
import { Can, useRule } from '../can';

function Rights() {
  return <span>{useRule('manage_settings') ? 'может' : 'не может'}</span>;
}

describe('Can and useRule', () => {
  it('show what the rules allow, in any scope', () => {
    renderPage(
      <>
        <Can rule="create:repair_order">
          <button>Новый заказ</button>
        </Can>
        <Can rule="delete:repair_order" fallback={<span>нельзя удалять</span>}>
          <button>Удалить</button>
        </Can>
        <Rights />
      </>,
      { rules: ['create:repair_order:own'] },
    );
    expect(screen.getByRole('button', { name: 'Новый заказ' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить' })).not.toBeInTheDocument();
    expect(screen.getByText('нельзя удалять')).toBeInTheDocument();
    expect(screen.getByText('не может')).toBeInTheDocument();
  });

  it('let the owner do everything, as the server does', () => {
    renderPage(<Rights />, { profile: makeProfile({ rules: [], role: { id: 'o', name: 'owner', title: 'Владелец', rules: [] } }) });
    expect(screen.getByText('может')).toBeInTheDocument();
  });

  it('any/all of several rules', () => {
    renderPage(
      <>
        <Can rule={['view:finance', 'view:report']}>
          <span>любое</span>
        </Can>
        <Can rule={['view:finance', 'view:report']} mode="all">
          <span>все</span>
        </Can>
      </>,
      { rules: ['view:report:location'] },
    );
    expect(screen.getByText('любое')).toBeInTheDocument();
    expect(screen.queryByText('все')).not.toBeInTheDocument();
  });
});

import { PlusOutlined } from '@ant-design/icons';
import type { CreditOffer } from '@repo/contracts';
import { notify } from '@repo/shared-core';
import { EmptyState, QueryError, useRule } from '@repo/ui';
import { App, Button, Card, Col, Row, Segmented, Skeleton, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCreditOfferMutations, useCreditOffers } from '../api';
import { CreditCalculator, type CalculatorParams } from '../components/credit-calculator';
import { OfferFormDrawer } from '../components/offer-form-drawer';
import { OfferTable } from '../components/offer-table';

/**
 * `/credits`: partners' credit and instalment offers. The offers in use (or the archive, `?view=archive`,
 * with «Восстановить») on the left; create and edit in a drawer, archive with a confirmation, each only
 * with its rule. On the right the calculator: the offer, the amount and the term in the URL
 * (`?offer=…&amount=…&months=…`), the payments computed live by the contracts' `calculateCredit`.
 */
export function CreditsPage() {
  const [params, setParams] = useSearchParams();
  const archived = params.get('view') === 'archive';
  const active = useCreditOffers(false);
  const archive = useCreditOffers(true, archived);
  const list = archived ? archive : active;
  const canCreate = useRule('create:credit_offer');
  const canEdit = useRule('edit:credit_offer');
  const { modal } = App.useApp();
  const { update } = useCreditOfferMutations();
  const [editing, setEditing] = useState<CreditOffer | 'new' | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const calculatorRef = useRef<HTMLDivElement>(null);

  const setParam = useCallback(
    (changes: Record<string, string | null | undefined>) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const calculator: CalculatorParams = { offer: params.get('offer'), amount: params.get('amount'), months: params.get('months') };

  const archiveOffer = (offer: CreditOffer) =>
    modal.confirm({
      title: `Убрать «${offer.name}» в архив?`,
      content: 'Предложение пропадёт из списка и калькулятора. Вернуть его можно из архива.',
      okText: 'В архив',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: () =>
        update
          .mutateAsync({ id: offer.id, archived: true })
          .then(() => notify.success(`«${offer.name}» в архиве`))
          // The API client has already shown the server's message.
          .catch(() => undefined),
    });

  const restoreOffer = (offer: CreditOffer) => {
    setBusyId(offer.id);
    update.mutate(
      { id: offer.id, archived: false },
      {
        onSuccess: () => notify.success(`«${offer.name}» снова в работе`),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const newButton = canCreate ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="credit-offer-new">
      Новое предложение
    </Button>
  ) : null;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Card
          title="Предложения партнёров"
          extra={
            <Segmented
              value={archived ? 'archive' : 'active'}
              onChange={(v) => setParam({ view: v === 'archive' ? 'archive' : null })}
              options={[
                { value: 'active', label: 'Действующие' },
                { value: 'archive', label: 'Архив' },
              ]}
              aria-label="Какие предложения показать"
            />
          }
        >
          {!archived && newButton && list.data?.length ? <div style={{ marginBottom: 12 }}>{newButton}</div> : null}
          {list.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
          {list.isError ? (
            <QueryError bare title={archived ? 'Не удалось загрузить архив' : 'Не удалось загрузить предложения'} error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
          ) : null}
          {list.data && list.data.length === 0 ? (
            archived ? (
              <EmptyState bare description="В архиве пусто" />
            ) : (
              <EmptyState bare description="Предложений пока нет">
                {newButton}
              </EmptyState>
            )
          ) : null}
          {list.data?.length ? (
            <OfferTable
              offers={list.data}
              archived={archived}
              canEdit={canEdit}
              busyId={busyId}
              onCalculate={(o) => {
                const keep = o.terms.some((t) => String(t.months) === calculator.months);
                setParam({ offer: o.id, months: keep ? calculator.months : String(o.terms[0]?.months ?? '') });
                calculatorRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
              }}
              onEdit={setEditing}
              onArchive={archiveOffer}
              onRestore={restoreOffer}
            />
          ) : null}
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <div ref={calculatorRef}>
          <Card title="Калькулятор">
            {active.isPending ? <Skeleton active paragraph={{ rows: 5 }} /> : null}
            {active.isError ? <Typography.Text type="secondary">Калькулятор заработает, когда загрузятся предложения.</Typography.Text> : null}
            {active.data && active.data.length === 0 ? <EmptyState bare description="Добавьте предложение — здесь можно будет рассчитать платежи" /> : null}
            {active.data?.length ? <CreditCalculator offers={active.data} params={calculator} onChange={setParam} /> : null}
          </Card>
        </div>
      </Col>
      {editing ? <OfferFormDrawer offer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Row>
  );
}

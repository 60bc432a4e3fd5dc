import type { CreditOffer } from '@repo/contracts';
import { formatMoney } from '@repo/shared-core';
import { Alert, Descriptions, Form, InputNumber, Select, Typography } from 'antd';
import { useId } from 'react';
import { calculatorState, parseRoubles } from '../calculator';
import { formatPercent, isFeeTerm, offerTitle, termLabel } from '../format';

export type CalculatorParams = {
  offer: string | null;
  amount: string | null;
  months: string | null;
};

/**
 * The credit calculator: an offer, a purchase amount in roubles and one of the offer's terms give the
 * monthly payment, the last one when the rounding makes it differ, the total and the overpayment —
 * live, with `calculateCredit` of the contracts (the server's own function, to the kopeck). The choice
 * is the page's URL (`?offer=…&amount=…&months=…`), so a reload or a shared link shows the same figures.
 */
export function CreditCalculator({ offers, params, onChange }: { offers: CreditOffer[]; params: CalculatorParams; onChange: (changes: Partial<CalculatorParams>) => void }) {
  const ids = useId();
  // No offer asked for: the first one. One asked for that is not in use (archived since): said so.
  const offer = params.offer ? (offers.find((o) => o.id === params.offer) ?? null) : (offers[0] ?? null);
  const missing = !!params.offer && !offer;
  const roubles = parseRoubles(params.amount);
  const months = params.months ? Number(params.months) : null;
  const { term, amountError, result } = calculatorState(offer, roubles, months);
  const fee = term ? isFeeTerm(term) : false;

  return (
    <Form layout="vertical" component="div">
      {missing ? <Alert type="warning" showIcon title="Предложение не найдено: возможно, его убрали в архив. Выберите другое." style={{ marginBottom: 12 }} /> : null}
      <Form.Item label="Предложение" htmlFor={`${ids}-offer`}>
        <Select
          id={`${ids}-offer`}
          showSearch={{ optionFilterProp: 'label' }}
          value={offer?.id}
          placeholder="Выберите предложение"
          options={offers.map((o) => ({ value: o.id, label: offerTitle(o) }))}
          onChange={(id: string) => {
            const next = offers.find((o) => o.id === id);
            // The term stays when the new offer has it; otherwise its first term.
            const keep = next?.terms.some((t) => t.months === term?.months);
            onChange({ offer: id, months: keep ? String(term!.months) : next?.terms[0] ? String(next.terms[0].months) : null });
          }}
          data-testid="credit-calc-offer"
        />
      </Form.Item>
      <Form.Item
        label="Сумма покупки, ₽"
        htmlFor={`${ids}-amount`}
        validateStatus={amountError ? 'error' : undefined}
        help={amountError ?? (offer ? `От ${formatMoney(offer.minAmount)} до ${formatMoney(offer.maxAmount)}` : undefined)}
      >
        <InputNumber
          id={`${ids}-amount`}
          value={roubles}
          min={0}
          step={1000}
          precision={2}
          decimalSeparator=","
          placeholder="0,00"
          status={amountError ? 'error' : undefined}
          aria-invalid={amountError ? true : undefined}
          style={{ width: '100%' }}
          onChange={(v) => onChange({ amount: v === null || v === undefined ? null : String(v) })}
          data-testid="credit-calc-amount"
        />
      </Form.Item>
      <Form.Item label="Срок" htmlFor={`${ids}-months`}>
        <Select
          id={`${ids}-months`}
          value={term?.months}
          disabled={!offer}
          placeholder="Выберите срок"
          options={(offer?.terms ?? []).map((t) => ({ value: t.months, label: termLabel(t) }))}
          onChange={(m: number) => onChange({ months: String(m) })}
          data-testid="credit-calc-months"
        />
      </Form.Item>

      {term ? (
        <Typography.Paragraph type="secondary" data-testid="credit-calc-formula">
          {fee
            ? `Комиссия партнёра ${formatPercent(term.feePercent!)}%: сумма с комиссией делится на ${term.months} равных платежей.`
            : `Аннуитет: ${formatPercent(term.ratePercent ?? 0)}% годовых, ${term.months} равных ежемесячных платежей.`}
        </Typography.Paragraph>
      ) : null}

      {result && term ? (
        <div aria-live="polite" data-testid="credit-calc-result">
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              {
                key: 'monthly',
                label: 'Ежемесячный платёж',
                children: (
                  <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }} data-testid="credit-calc-monthly">
                    {formatMoney(result.monthly)}
                  </Typography.Text>
                ),
              },
              ...(result.lastPayment !== result.monthly
                ? [
                    {
                      key: 'last',
                      label: 'Последний платёж',
                      children: (
                        <span data-testid="credit-calc-last" title="Последний платёж учитывает округление остальных до копейки">
                          {formatMoney(result.lastPayment)}
                        </span>
                      ),
                    },
                  ]
                : []),
              { key: 'total', label: 'Всего к оплате', children: <span data-testid="credit-calc-total">{formatMoney(result.total)}</span> },
              {
                key: 'overpayment',
                label: fee ? 'Переплата (комиссия)' : 'Переплата (проценты)',
                children: <span data-testid="credit-calc-overpayment">{formatMoney(result.overpayment)}</span>,
              },
            ]}
          />
        </div>
      ) : offer && roubles === null ? (
        <Typography.Text type="secondary">Введите сумму покупки — платежи посчитаются сразу.</Typography.Text>
      ) : null}
    </Form>
  );
}

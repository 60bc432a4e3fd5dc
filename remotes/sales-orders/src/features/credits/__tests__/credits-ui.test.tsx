import type { CreditOffer } from '@repo/contracts';
import { renderPage, respondError } from '@repo/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { calculatorState, parseRoubles } from '../calculator';
import { amountRangeLabel, termLabel } from '../format';
import { offerToValues, requestErrors, serverFieldErrors, valuesToRequest } from '../offer-form';
import { CreditsPage } from '../pages/credits-page';

const NBSP = '\u00a0';
/** «9 258,67 ₽» as formatMoney writes it: non-breaking spaces between the digits and before ₽. */
const rub = (text: string) => text.replace(/(\d) (?=\d)/g, `$1${NBSP}`).replace(/ ₽/g, `${NBSP}₽`);

const offer = (over: Partial<CreditOffer>): CreditOffer => ({
  id: 'o1',
  partner: 'ОТП Банк',
  name: 'Рассрочка 0-0-6',
  minAmount: 300_000,
  maxAmount: 15_000_000,
  terms: [{ months: 6, feePercent: 4.5 }],
  archived: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...over,
});
const otp = offer({});
const tinkoff = offer({
  id: 'o2',
  partner: 'Тинькофф',
  name: 'Кредит на технику',
  minAmount: 500_000,
  maxAmount: 50_000_000,
  terms: [
    { months: 6, ratePercent: 19.9 },
    { months: 12, ratePercent: 19.9 },
    { months: 24, ratePercent: 19.9 },
  ],
});
const allRules = ['view:credit_offer:all', 'create:credit_offer:all', 'edit:credit_offer:all'];

describe('labels and the calculator’s arithmetic', () => {
  it('writes terms and amount ranges the Russian way', () => {
    expect(termLabel({ months: 6, feePercent: 4.5 })).toBe('6 мес · комиссия 4,5%');
    expect(termLabel({ months: 12, ratePercent: 19.9 })).toBe('12 мес · 19,9% годовых');
    expect(amountRangeLabel(tinkoff)).toBe(rub('5 000,00 ₽ – 500 000,00 ₽'));
  });

  it('computes with the contracts’ calculator, the chosen term or the first, and checks the range', () => {
    expect(parseRoubles('100000.5')).toBe(100000.5);
    expect(parseRoubles('abc')).toBeNull();
    expect(calculatorState(tinkoff, 100_000, 12).result).toEqual({ monthly: 925_867, lastPayment: 925_861, total: 11_110_398, overpayment: 1_110_398 });
    // A term the offer does not have: its first.
    expect(calculatorState(tinkoff, 100_000, 7).term).toEqual({ months: 6, ratePercent: 19.9 });
    expect(calculatorState(otp, 50_000, 6).result).toEqual({ monthly: 870_833, lastPayment: 870_835, total: 5_225_000, overpayment: 225_000 });
    expect(calculatorState(otp, 2_999.99, 6)).toMatchObject({ amountError: rub('Сумма должна быть от 3 000,00 ₽ до 150 000,00 ₽'), result: null });
    expect(calculatorState(otp, 150_000, 6).amountError).toBeNull();
    expect(calculatorState(otp, null, 6)).toMatchObject({ amount: null, amountError: null, result: null });
  });

  it('turns the form into kopecks and back, and the server’s term paths into the row’s fields', () => {
    expect(offerToValues(tinkoff).terms[0]).toEqual({ months: 6, kind: 'rate', percent: 19.9 });
    expect(valuesToRequest({ partner: ' ОТП ', name: 'Р', minAmount: 3000.5, maxAmount: 150000, terms: [{ months: 6, kind: 'fee', percent: 4.5 }] })).toEqual({
      partner: 'ОТП',
      name: 'Р',
      minAmount: 300_050,
      maxAmount: 15_000_000,
      terms: [{ months: 6, feePercent: 4.5 }],
    });
    const error = Object.assign(new Error('x'), {
      isAxiosError: true,
      response: { status: 400, data: { message: 'x', code: 'validation', errors: { 'terms.0.ratePercent': 'A', 'terms.1.months': 'B', maxAmount: 'C', archived: 'D' } } },
    });
    expect(serverFieldErrors(error)).toEqual({
      fields: [
        { name: ['terms', 0, 'percent'], errors: ['A'] },
        { name: ['terms', 1, 'months'], errors: ['B'] },
        { name: ['maxAmount'], errors: ['C'] },
      ],
      rest: ['D'],
    });
    // The whole request through the contract's schema: a repeated number of months on its row.
    expect(
      requestErrors({ partner: 'П', name: 'Н', minAmount: 0, maxAmount: 1, terms: [{ months: 6, ratePercent: 1 }, { months: 6, feePercent: 2 }] }),
    ).toEqual([{ name: ['terms', 1, 'months'], errors: ['Срок 6 мес. уже есть в этом предложении'] }]);
  });
});

describe('the /credits screen', () => {
  it('calculates live from the URL: a rate term, then a fee term, and the range error on the amount', async () => {
    const { location } = renderPage(<CreditsPage />, {
      route: '/credits?offer=o2&amount=100000&months=12',
      rules: ['view:credit_offer:all'],
      api: { 'get credits/offers': [otp, tinkoff] },
    });

    // The list: partner, name, range, terms.
    expect(await screen.findByText('Кредит на технику')).toBeInTheDocument();
    expect(screen.getByText('6 мес · комиссия 4,5%')).toBeInTheDocument();
    // (the chosen term shows in the calculator's picker too)
    expect(screen.getAllByText('12 мес · 19,9% годовых').length).toBeGreaterThan(0);
    // Read-only: no create, edit or archive.
    expect(screen.queryByTestId('credit-offer-new')).toBeNull();
    expect(screen.queryByLabelText('Изменить «Кредит на технику»')).toBeNull();
    expect(screen.queryByLabelText('В архив «Кредит на технику»')).toBeNull();

    // Тинькофф 19,9 % for 12 months, 100 000 ₽ (server/docs/credits.md).
    expect((await screen.findByTestId('credit-calc-monthly')).textContent).toBe(rub('9 258,67 ₽'));
    expect(screen.getByTestId('credit-calc-last').textContent).toBe(rub('9 258,61 ₽'));
    expect(screen.getByTestId('credit-calc-total').textContent).toBe(rub('111 103,98 ₽'));
    expect(screen.getByTestId('credit-calc-overpayment').textContent).toBe(rub('11 103,98 ₽'));
    expect(screen.getByTestId('credit-calc-formula')).toHaveTextContent('Аннуитет: 19,9% годовых');

    // Another offer from its row: the term that offer has, the amount kept; then a new amount, typed.
    fireEvent.click(screen.getByLabelText('Рассчитать «Рассрочка 0-0-6»'));
    const amount = screen.getByLabelText('Сумма покупки, ₽');
    fireEvent.change(amount, { target: { value: '50000' } });
    await waitFor(() => expect(screen.getByTestId('credit-calc-monthly').textContent).toBe(rub('8 708,33 ₽')));
    expect(screen.getByTestId('credit-calc-last').textContent).toBe(rub('8 708,35 ₽'));
    expect(screen.getByTestId('credit-calc-total').textContent).toBe(rub('52 250,00 ₽'));
    expect(screen.getByTestId('credit-calc-overpayment').textContent).toBe(rub('2 250,00 ₽'));
    expect(screen.getByTestId('credit-calc-formula')).toHaveTextContent('Комиссия партнёра 4,5%');
    expect(new URLSearchParams(location().split('?')[1]).toString()).toBe('offer=o1&amount=50000&months=6');

    // Outside the offer's 3 000 – 150 000 ₽: the error on the amount, no figures.
    fireEvent.change(amount, { target: { value: '200000' } });
    // (Testing Library compares text with its non-breaking spaces made plain)
    const amountField = amount.closest('.ant-form-item') as HTMLElement;
    expect(await within(amountField).findByText('Сумма должна быть от 3 000,00 ₽ до 150 000,00 ₽')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('credit-calc-result')).toBeNull();
    expect(location()).toContain('amount=200000');
  }, 30_000);

  it('creates an offer: roubles sent as kopecks, the server’s field errors on their fields', async () => {
    const { api } = renderPage(<CreditsPage />, {
      route: '/credits',
      rules: allRules,
      api: {
        'get credits/offers': [],
        'post credits/offers': respondError(400, 'Проверьте поля', 'validation', {
          name: 'У этого партнёра уже есть предложение с таким названием',
          'terms.1.feePercent': 'Комиссия: не больше двух знаков после запятой',
          'terms.1.months': 'Срок — от 1 до 60 месяцев',
        }),
      },
    });

    expect(await screen.findByText('Предложений пока нет')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('credit-offer-new'));
    fireEvent.change(await screen.findByLabelText('Партнёр'), { target: { value: 'Тинькофф' } });
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Кредит на технику' } });
    fireEvent.change(screen.getByLabelText('Сумма покупки от, ₽'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('до, ₽'), { target: { value: '300000,50' } });
    fireEvent.change(screen.getByLabelText('Срок 1, месяцев'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Срок 1: ставка, % годовых'), { target: { value: '19,9' } });

    // A second term, an instalment with the partner's fee.
    fireEvent.click(screen.getByRole('button', { name: /Добавить срок/ }));
    fireEvent.change(await screen.findByLabelText('Срок 2, месяцев'), { target: { value: '6' } });
    fireEvent.mouseDown(screen.getByLabelText('Срок 2: вид'));
    fireEvent.click(await screen.findByTitle('комиссия партнёра, %'));
    fireEvent.change(await screen.findByLabelText('Срок 2: комиссия партнёра, %'), { target: { value: '4,5' } });

    fireEvent.click(screen.getByTestId('credit-offer-submit'));
    await waitFor(() => expect(api!.calls('post', 'credits/offers')).toHaveLength(1));
    expect(api!.calls('post', 'credits/offers')[0].body).toEqual({
      partner: 'Тинькофф',
      name: 'Кредит на технику',
      minAmount: 500_000,
      maxAmount: 30_000_050,
      terms: [
        { months: 12, ratePercent: 19.9 },
        { months: 6, feePercent: 4.5 },
      ],
    });

    // Each message under its own field: the name, the second term's months and its percent.
    expect(await screen.findByText('У этого партнёра уже есть предложение с таким названием')).toBeInTheDocument();
    const row = screen.getByTestId('credit-term-1');
    expect(within(row).getByText('Комиссия: не больше двух знаков после запятой')).toBeInTheDocument();
    expect(within(row).getByText('Срок — от 1 до 60 месяцев')).toBeInTheDocument();
  }, 30_000);

  it('checks the form before sending: required fields, the maximum below the minimum', async () => {
    const { api } = renderPage(<CreditsPage />, { route: '/credits', rules: allRules, api: { 'get credits/offers': [] } });
    fireEvent.click(await screen.findByTestId('credit-offer-new'));
    fireEvent.change(await screen.findByLabelText('Сумма покупки от, ₽'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('до, ₽'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('credit-offer-submit'));
    expect(await screen.findByText('Укажите партнёра (банк или брокера)')).toBeInTheDocument();
    expect(screen.getByText('Укажите название предложения')).toBeInTheDocument();
    expect(screen.getByText('Максимальная сумма не может быть меньше минимальной')).toBeInTheDocument();
    expect(screen.getByText('Срок — число месяцев')).toBeInTheDocument();
    expect(screen.getByText('Укажите ставку или комиссию партнёра')).toBeInTheDocument();
    expect(api!.calls('post')).toHaveLength(0);
  }, 30_000);

  it('archives with a confirmation, restores from the archive, edits in kopecks', async () => {
    const { api, location } = renderPage(<CreditsPage />, {
      route: '/credits',
      rules: allRules,
      api: {
        'get credits/offers': (call) => (call.query.archived === 'true' ? [offer({ id: 'o3', partner: 'Хоум Кредит', name: 'Рассрочка 10', archived: true })] : [otp, tinkoff]),
        'patch credits/offers/:id': (call) => ({ ...tinkoff, ...(call.body as object) }),
      },
    });

    fireEvent.click(await screen.findByLabelText('В архив «Кредит на технику»'));
    expect((await screen.findAllByText('Убрать «Кредит на технику» в архив?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'В архив' }));
    await waitFor(() => expect(api!.calls('patch', 'credits/offers/o2')[0]?.body).toEqual({ archived: true }));

    fireEvent.click(screen.getByLabelText('Изменить «Рассрочка 0-0-6»'));
    const max = await screen.findByLabelText('до, ₽');
    expect(max).toHaveValue('150000,00');
    fireEvent.change(max, { target: { value: '200000' } });
    fireEvent.click(screen.getByTestId('credit-offer-submit'));
    await waitFor(() => expect(api!.calls('patch', 'credits/offers/o1')).toHaveLength(1));
    expect(api!.calls('patch', 'credits/offers/o1')[0].body).toEqual({
      partner: 'ОТП Банк',
      name: 'Рассрочка 0-0-6',
      minAmount: 300_000,
      maxAmount: 20_000_000,
      terms: [{ months: 6, feePercent: 4.5 }],
    });

    fireEvent.click(screen.getByText('Архив'));
    expect(await screen.findByText('Рассрочка 10')).toBeInTheDocument();
    expect(location()).toContain('view=archive');
    fireEvent.click(screen.getByLabelText('Восстановить «Рассрочка 10»'));
    await waitFor(() => expect(api!.calls('patch', 'credits/offers/o3')[0]?.body).toEqual({ archived: false }));
  }, 30_000);

  it('shows the error with «Повторить» and asks again', async () => {
    const { api } = renderPage(<CreditsPage />, {
      route: '/credits',
      rules: allRules,
      api: { 'get credits/offers': respondError(500, 'Ошибка сервера') },
    });
    expect(await screen.findByText('Не удалось загрузить предложения')).toBeInTheDocument();
    api!.get('credits/offers', [tinkoff]);
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Кредит на технику')).toBeInTheDocument();
  }, 30_000);
});

describe('the screen in the area’s contract test', () => {
  it('renders with no API and no antd App around it: loading, with the cards’ titles', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/credits']}>
          <CreditsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Калькулятор')).toBeInTheDocument();
    expect(screen.getByText('Предложения партнёров')).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-skeleton').length).toBe(2);
    client.clear();
  });
});

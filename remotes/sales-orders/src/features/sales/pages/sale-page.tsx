import { CheckCircleOutlined, HistoryOutlined, PrinterOutlined, RollbackOutlined, UserOutlined } from '@ant-design/icons';
import { calculateCredit, paymentMethodLabels, toKopecks, type CreateSaleRequest, type Discount, type Sale, type SaleLookupItem } from '@repo/contracts';
import { formatMoney, getApiError, notify, useAuth, useLocationStore } from '@repo/shared-core';
import { useRule } from '@repo/ui';
import { Alert, Button, Card, Checkbox, Col, Divider, Flex, Grid, InputNumber, Result, Row, Select, Space, Tag, Typography, type GetRef, type RefSelectProps } from 'antd';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { newIdempotencyKey, useCashboxes, useClientSearch, useTemplates } from '../../repair-orders/api';
import { cashboxFor } from '../../repair-orders/components/money-dialogs';
import { useDebounced } from '../../templates/use-debounced';
import { useCreditOffers, useSaleMutations, useShopWarehouses } from '../api';
import { cartReducer, cashPart, emptyCart, missingSerials, priceCart, saleRequest, type CartLine } from '../cart';
import { CartTable, DiscountInput } from '../components/cart-table';
import { ProductSearch, type ProductSearchHandle } from '../components/product-search';
import { ApprovalDialog, printSaleReceipt, SerialsDialog } from '../components/sale-dialogs';
import { useFitToViewport } from '../components/fit-to-viewport';
import { saleListUrl, saleUrl, saleReturnUrl } from '../urls';

const money = (n: number | null | undefined) => (typeof n === 'number' ? (toKopecks(n) ?? 0) : 0);
const rub = (k: number) => (k ? k / 100 : null);

interface Client {
  id: string;
  name: string;
  discountPercent: number;
}

/** The shortcuts of the counter, shown under the screen's title. */
const shortcuts = [
  ['F2', 'товар'],
  ['F4', 'клиент'],
  ['F7', 'картой'],
  ['F8', 'наличные'],
  ['F9', 'провести'],
  ['Esc', 'новая продажа'],
] as const;

/**
 * `/sales`: the sale at the counter, keyboard-first. Scan or find goods (a second scan adds one), serials
 * by scan, the client (optional; their personal discount applies), discounts per line and for the sale,
 * payment split between card, transfer and cash (with the change) or a partner's credit, one key to post.
 * A discount over the seller's cap asks for a manager's confirmation; the receipt prints on the spot.
 */
export function SalePage() {
  const location = useLocationStore((s) => s.current?._id);
  const profile = useAuth((s) => s.profile);
  const canPay = useRule('create:finance');
  const canPrint = useRule(['print:sale', 'print:template']);
  const canCredit = useRule('view:credit_offer');
  const canSeeJournal = useRule('view:sale');
  const warehouses = useShopWarehouses();
  const cashboxes = useCashboxes(canPay);
  const templates = useTemplates(canPrint);
  const offers = useCreditOffers(canCredit);
  const { create } = useSaleMutations();

  const [chosenWarehouse, setWarehouseId] = useState<string>();
  const [cart, dispatch] = useReducer(cartReducer, emptyCart);
  const [client, setClient] = useState<Client | null>(null);
  const [clientSearch, setClientSearch] = useState('');
  const clients = useClientSearch(useDebounced(clientSearch, 250));
  /** undefined: the client's personal discount (if any); null: none. */
  const [saleDiscount, setSaleDiscount] = useState<Discount | null | undefined>(undefined);
  const [card, setCard] = useState(0);
  const [transfer, setTransfer] = useState(0);
  const [given, setGiven] = useState<number | null>(null);
  const [credit, setCredit] = useState<{ offerId: string; months: number } | null>(null);
  const [printNow, setPrintNow] = useState(true);
  const [serialsOf, setSerialsOf] = useState<CartLine | null>(null);
  const [approval, setApproval] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ sale: Sale; change: number } | null>(null);
  /** The receipt is on its way to the printer (its frame holds the focus meanwhile). */
  const [printing, setPrinting] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const search = useRef<ProductSearchHandle>(null);
  const clientRef = useRef<RefSelectProps>(null);
  const cardRef = useRef<GetRef<typeof InputNumber>>(null);
  const cashRef = useRef<GetRef<typeof InputNumber>>(null);
  const newSaleRef = useRef<GetRef<typeof Button>>(null);
  const screens = Grid.useBreakpoint();
  /** The payment panel stands beside the cart from `lg` (992 px) up; below `xl` both are compact. */
  const beside = screens.lg !== false;
  const compact = screens.xl === false;
  /**
   * Beside the cart the panel sticks under the header and never grows past the window's bottom: its
   * inputs scroll inside it, while the total and «Провести» stay in view however long the cart is.
   */
  const payPanel = useFitToViewport<HTMLDivElement>(beside && !done, { stickyTop: panelTop, bottomGap: 16 });

  const mine = useMemo(() => (warehouses.data ?? []).filter((w) => w.locationId === location), [warehouses.data, location]);
  // The shop's default warehouse until another is chosen (and again after switching shops).
  const warehouseId = mine.some((w) => w.id === chosenWarehouse) ? chosenWarehouse : (mine.find((w) => w.isDefault) ?? mine[0])?.id;

  const effectiveDiscount = saleDiscount === undefined ? (client?.discountPercent ? { percent: client.discountPercent } : null) : saleDiscount;
  const priced = priceCart(cart, effectiveDiscount);
  const total = priced.total;
  const offer = (offers.data ?? []).find((o) => o.id === credit?.offerId);
  const creditAmount = credit ? Math.max(0, total - card - transfer) : 0;
  const { cash, change, short } = cashPart(total, { card, transfer, credit: creditAmount }, given);
  const boxes = (cashboxes.data ?? []).filter((c) => c.locationId === location);
  const maxDiscount = profile?.role.maxDiscountPercent ?? 0;
  const overCap = priced.lines.some((l) => l.discount * 100 > Math.max(maxDiscount, client?.discountPercent ?? 0) * l.gross);
  const missing = missingSerials(cart);
  const receiptTemplate = (templates.data ?? []).find((t) => t.kind === 'sale_receipt');
  const creditTerm = offer?.terms.find((t) => t.months === credit?.months);
  const creditCalc = creditTerm && creditAmount > 0 ? safeCalc(creditTerm, creditAmount) : null;
  const creditOutOfRange = offer && creditAmount > 0 && (creditAmount < offer.minAmount || creditAmount > offer.maxAmount);

  const reset = useCallback(() => {
    dispatch({ type: 'clear' });
    setClient(null);
    setSaleDiscount(undefined);
    setCard(0);
    setTransfer(0);
    setGiven(null);
    setCredit(null);
    setError(null);
    setDone(null);
    setKey(newIdempotencyKey());
    setTimeout(() => search.current?.focus(), 0);
  }, []);

  function onPick(item: SaleLookupItem) {
    if (done) reset();
    dispatch({ type: 'add', item });
    if (item.serialTracked && !item.serial) {
      const existing = cart.lines.find((l) => l.productId === item.productId);
      setSerialsOf(existing ? { ...existing, qty: existing.qty + 1 } : { key: '', productId: item.productId, name: item.name, sku: item.sku, price: item.price, isService: false, serialTracked: true, free: item.free, qty: 1, discount: null, serials: [] });
    }
  }

  function payments(): CreateSaleRequest['payments'] {
    const out: CreateSaleRequest['payments'] = [];
    if (card > 0) out.push({ method: 'card', cashboxId: cashboxFor('card', boxes) ?? '', amount: card });
    if (transfer > 0) out.push({ method: 'transfer', cashboxId: cashboxFor('transfer', boxes) ?? '', amount: transfer });
    if (cash > 0) out.push({ method: 'cash', cashboxId: cashboxFor('cash', boxes) ?? '', amount: cash });
    return out;
  }

  async function submit(discountApproval?: { phone: string; password: string }) {
    if (!warehouseId || cart.lines.length === 0 || create.isPending) return;
    if (missing.length) return setSerialsOf(missing[0]);
    if (short > 0) return setError(`Получено наличными меньше, чем нужно: не хватает ${formatMoney(short)}`);
    setError(null);
    const body = {
      ...saleRequest(cart, { warehouseId, clientId: client?.id, discount: saleDiscount, payments: payments(), creditOfferId: credit?.offerId, creditMonths: credit?.months }),
      ...(discountApproval ? { discountApproval } : {}),
    };
    try {
      const sale = await create.mutateAsync({ body, key: discountApproval ? `${key}-approved` : key });
      setApproval(null);
      setDone({ sale, change });
      notify.success(`Продажа ${sale.number} проведена`);
      if (printNow && receiptTemplate) printReceipt(sale, receiptTemplate);
    } catch (e) {
      const err = getApiError(e);
      if (err.code === 'discount_approval_required') {
        setApproval(err.message);
        return;
      }
      // A refused posting changed nothing: the next try is a new request.
      setKey(newIdempotencyKey());
      if (approval && err.errors?.['discountApproval.password']) return notify.error(err.errors['discountApproval.password']);
      setApproval(null);
      setError(err.errors ? Object.values(err.errors).join('; ') : err.message);
    }
  }

  function printReceipt(sale: Sale, template: { id: string; name: string }) {
    setPrinting(true);
    printSaleReceipt(sale, template.id, template.name)
      .catch((e) => notify.error(getApiError(e).message))
      // Printing takes the focus into its frame: give it back, so Esc/Enter start the next sale.
      .finally(() => {
        setPrinting(false);
        window.focus();
        newSaleRef.current?.focus();
      });
  }

  // Keyboard: the counter works without a mouse.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (serialsOf || approval) return;
      if (e.key === 'F2') {
        e.preventDefault();
        search.current?.focus();
      } else if (e.key === 'F4') {
        e.preventDefault();
        clientRef.current?.focus();
      } else if (e.key === 'F7') {
        e.preventDefault();
        setCard(Math.max(0, total - transfer));
        setGiven(null);
        setTimeout(() => cardRef.current?.focus(), 0);
      } else if (e.key === 'F8') {
        e.preventDefault();
        cashRef.current?.focus();
      } else if (e.key === 'F9' || (e.key === 'Enter' && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        void submit();
      } else if (e.key === 'Escape' && done) {
        e.preventDefault();
        reset();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (done) {
    return (
      <Card>
        <Result
          icon={<CheckCircleOutlined />}
          status="success"
          title={`Продажа ${done.sale.number} проведена`}
          subTitle={
            <span data-testid="sale-done">
              Итого {formatMoney(done.sale.total)}
              {done.sale.payments.map((p) => ` · ${paymentMethodLabels[p.method]} ${formatMoney(p.amount)}`).join('')}
              {done.change > 0 ? ` · сдача ${formatMoney(done.change)}` : ''}
            </span>
          }
          extra={[
            <Button key="new" ref={newSaleRef} type="primary" autoFocus onClick={reset}>
              Новая продажа (Esc)
            </Button>,
            receiptTemplate ? (
              <Button key="print" icon={<PrinterOutlined />} loading={printing} onClick={() => printReceipt(done.sale, receiptTemplate)}>
                Печать чека
              </Button>
            ) : null,
            canSeeJournal ? (
              <Link key="open" to={saleUrl(done.sale.id)}>
                Открыть продажу
              </Link>
            ) : null,
          ]}
        />
        {done.change > 0 ? (
          <Typography.Title level={2} style={{ textAlign: 'center', marginTop: 0 }} data-testid="sale-change">
            Сдача: {formatMoney(done.change)}
          </Typography.Title>
        ) : null}
      </Card>
    );
  }

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap size={4}>
          {shortcuts.map(([k, label]) => (
            <Typography.Text key={k} type="secondary" style={{ fontSize: 12, marginRight: compact ? 2 : 8 }}>
              <Tag style={{ marginInlineEnd: 4 }}>{k}</Tag>
              {label}
            </Typography.Text>
          ))}
        </Space>
        <Space wrap>
          {canSeeJournal ? (
            <Link to={saleListUrl()}>
              <Button icon={<HistoryOutlined />}>Журнал продаж</Button>
            </Link>
          ) : null}
          <Link to={saleReturnUrl()}>
            <Button icon={<RollbackOutlined />}>Возврат покупателя</Button>
          </Link>
        </Space>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16} xxl={17}>
          <Card
            size={compact ? 'small' : 'default'}
            title="Новая продажа"
            extra={
              <Select
                aria-label="Склад"
                value={warehouseId}
                onChange={setWarehouseId}
                options={mine.map((w) => ({ value: w.id, label: w.name }))}
                loading={warehouses.isPending}
                style={{ minWidth: 200 }}
                disabled={cart.lines.length > 0}
              />
            }
          >
            {warehouses.isError ? <Alert type="error" showIcon title="Не удалось загрузить склады" description={getApiError(warehouses.error).message} style={{ marginBottom: 12 }} /> : null}
            {!warehouses.isPending && mine.length === 0 ? <Alert type="warning" showIcon title="У магазина нет склада: продавать не из чего" style={{ marginBottom: 12 }} /> : null}
            <ProductSearch ref={search} warehouseId={warehouseId} onPick={onPick} />
            <div style={{ marginTop: 12 }}>
              <CartTable cart={cart} priced={priced} dispatch={dispatch} onSerials={setSerialsOf} compact={compact} />
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={8} xxl={7}>
          <Card
            ref={payPanel}
            title="Оплата"
            size={compact ? 'small' : 'default'}
            data-testid="sale-payment"
            style={beside ? { position: 'sticky', top: panelTop, display: 'flex', flexDirection: 'column' } : undefined}
            styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, flex: '1 1 auto', minHeight: 0 } }}
          >
            {/* The inputs: they scroll inside the panel when the window is too low for all of it. */}
            <div style={{ display: 'flex', flexDirection: 'column', gap: 12, flex: '0 1 auto', minHeight: 0, overflowY: 'auto', marginInline: -4, paddingInline: 4 }}>
              <div>
                <Typography.Text type="secondary">Клиент (F4) — необязательно</Typography.Text>
                <Select
                  ref={clientRef}
                  aria-label="Клиент"
                  showSearch={{ filterOption: false, onSearch: setClientSearch }}
                  allowClear
                  suffixIcon={<UserOutlined />}
                  placeholder="Телефон или имя клиента"
                  value={client?.id}
                  onChange={(id?: string) => {
                    const c = (clients.data ?? []).find((x) => x.id === id);
                    setClient(c ? { id: c.id, name: c.name, discountPercent: c.discountPercent } : null);
                    setSaleDiscount(undefined);
                  }}
                  options={[
                    ...(client && !(clients.data ?? []).some((c) => c.id === client.id) ? [{ value: client.id, label: client.name }] : []),
                    ...(clients.data ?? []).map((c) => ({ value: c.id, label: `${c.name}${c.phones[0] ? ` · ${c.phones[0]}` : ''}${c.discountPercent ? ` · скидка ${c.discountPercent}%` : ''}` })),
                  ]}
                  notFoundContent={clientSearch.trim().length < 2 ? 'Введите 2 символа или больше' : clients.isFetching ? 'Ищу…' : 'Не найдено'}
                  style={{ width: '100%' }}
                />
                {client?.discountPercent ? <Tag color="green" style={{ marginTop: 4 }}>Личная скидка клиента {client.discountPercent}%</Tag> : null}
              </div>
              <div>
                <Typography.Text type="secondary">Скидка на продажу</Typography.Text>
                <DiscountInput label="Скидка на продажу" value={effectiveDiscount} onChange={setSaleDiscount} />
                {priced.errors.discount ? <Typography.Text type="danger">{priced.errors.discount}</Typography.Text> : null}
              </div>
              {canPay ? (
                <>
                  <Row gutter={8}>
                    <Col span={12}>
                      <Typography.Text type="secondary">Картой (F7)</Typography.Text>
                      <InputNumber ref={cardRef} aria-label="Картой" min={0} precision={2} decimalSeparator="," value={rub(card)} onChange={(n) => setCard(money(n))} style={{ width: '100%' }} />
                    </Col>
                    <Col span={12}>
                      <Typography.Text type="secondary">Переводом</Typography.Text>
                      <InputNumber aria-label="Переводом" min={0} precision={2} decimalSeparator="," value={rub(transfer)} onChange={(n) => setTransfer(money(n))} style={{ width: '100%' }} />
                    </Col>
                  </Row>
                  {canCredit && (offers.data ?? []).length ? (
                    <Row gutter={8}>
                      <Col span={15}>
                        <Typography.Text type="secondary">Кредит / рассрочка</Typography.Text>
                        <Select
                          aria-label="Кредитное предложение"
                          allowClear
                          placeholder="Без кредита"
                          value={credit?.offerId}
                          onChange={(offerId?: string) => {
                            const o = (offers.data ?? []).find((x) => x.id === offerId);
                            setCredit(o ? { offerId: o.id, months: o.terms[0]?.months ?? 1 } : null);
                          }}
                          options={(offers.data ?? []).filter((o) => !o.archived).map((o) => ({ value: o.id, label: `${o.partner} · ${o.name}` }))}
                          style={{ width: '100%' }}
                        />
                      </Col>
                      <Col span={9}>
                        <Typography.Text type="secondary">Срок</Typography.Text>
                        <Select
                          aria-label="Срок кредита"
                          disabled={!offer}
                          value={credit?.months}
                          onChange={(months: number) => credit && setCredit({ ...credit, months })}
                          options={(offer?.terms ?? []).map((t) => ({ value: t.months, label: `${t.months} мес` }))}
                          style={{ width: '100%' }}
                        />
                      </Col>
                    </Row>
                  ) : null}
                  {credit && offer ? (
                    <Alert
                      type={creditOutOfRange ? 'error' : 'info'}
                      showIcon
                      title={
                        creditOutOfRange
                          ? `Сумма кредита ${formatMoney(creditAmount)} вне пределов предложения: ${formatMoney(offer.minAmount)} — ${formatMoney(offer.maxAmount)}`
                          : `Партнёр «${offer.partner}» оплатит ${formatMoney(creditAmount)}`
                      }
                      description={creditCalc ? `Клиенту: ${credit.months} × ${formatMoney(creditCalc.monthly)}, всего ${formatMoney(creditCalc.total)}, переплата ${formatMoney(creditCalc.overpayment)}` : undefined}
                    />
                  ) : null}
                  <Row gutter={8} align="bottom">
                    <Col span={12}>
                      <Typography.Text type="secondary">Наличными получено (F8)</Typography.Text>
                      <InputNumber
                        ref={cashRef}
                        aria-label="Наличными получено"
                        min={0}
                        precision={2}
                        decimalSeparator=","
                        value={given === null ? null : given / 100}
                        placeholder={cash ? (cash / 100).toFixed(2).replace('.', ',') : '0'}
                        onChange={(n) => setGiven(typeof n === 'number' ? money(n) : null)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            void submit();
                          }
                        }}
                        style={{ width: '100%' }}
                      />
                    </Col>
                    <Col span={12} style={{ textAlign: 'right' }}>
                      <Typography.Text type="secondary">Наличными {formatMoney(cash)}</Typography.Text>
                      <div data-testid="sale-change-due">
                        {change > 0 ? <Typography.Text strong>Сдача {formatMoney(change)}</Typography.Text> : short > 0 ? <Typography.Text type="danger">Не хватает {formatMoney(short)}</Typography.Text> : null}
                      </div>
                    </Col>
                  </Row>
                </>
              ) : (
                <Alert type="info" showIcon title="Приём денег недоступен вашей роли: продажа будет проведена без оплаты только при праве продажи в долг" />
              )}
              {error ? <Alert type="error" showIcon title={error} role="alert" data-testid="sale-error" /> : null}
              {missing.length ? <Alert type="warning" showIcon title={`Укажите серийные номера: ${missing.map((l) => l.name).join(', ')}`} /> : null}
            </div>
            {/* The footer: the total, the receipt switch and «Провести» always in view. */}
            <Divider style={{ margin: 0 }} />
            <div data-testid="sale-totals">
              <Flex justify="space-between">
                <Typography.Text type="secondary">Сумма</Typography.Text>
                <Typography.Text>{formatMoney(priced.subtotal)}</Typography.Text>
              </Flex>
              {priced.subtotal !== total ? (
                <Flex justify="space-between">
                  <Typography.Text type="secondary">Скидки</Typography.Text>
                  <Typography.Text>−{formatMoney(priced.subtotal - total)}</Typography.Text>
                </Flex>
              ) : null}
              <Flex justify="space-between" align="baseline">
                <Typography.Text strong>К оплате</Typography.Text>
                <Typography.Title level={3} style={{ margin: 0 }} data-testid="sale-total">
                  {formatMoney(total)}
                </Typography.Title>
              </Flex>
              {overCap ? (
                <Alert type="warning" showIcon style={{ marginTop: 8 }} title={`Скидка больше вашего лимита (${maxDiscount}%): при проведении потребуется подтверждение управляющего`} />
              ) : null}
            </div>
            <Checkbox checked={printNow} onChange={(e) => setPrintNow(e.target.checked)} disabled={!receiptTemplate}>
              Сразу печатать чек
            </Checkbox>
            <Button
              type="primary"
              size="large"
              block
              disabled={!cart.lines.length || !warehouseId || Object.keys(priced.errors).length > 0 || !!creditOutOfRange}
              loading={create.isPending}
              onClick={() => void submit()}
              data-testid="sale-post"
            >
              Провести {total ? formatMoney(total) : ''} (F9)
            </Button>
          </Card>
        </Col>
      </Row>
      {serialsOf && warehouseId ? (
        <SerialsDialog
          line={serialsOf}
          warehouseId={warehouseId}
          onClose={() => {
            setSerialsOf(null);
            search.current?.focus();
          }}
          onDone={(serials) => {
            const line = cart.lines.find((l) => l.productId === serialsOf.productId);
            if (line) dispatch({ type: 'serials', key: line.key, serials });
            setSerialsOf(null);
            search.current?.focus();
          }}
        />
      ) : null}
      <ApprovalDialog open={!!approval} message={approval ?? ''} busy={create.isPending} onCancel={() => setApproval(null)} onConfirm={(v) => void submit(v)} />
    </>
  );
}

/** The payment panel sticks this far from the top: under the main layout's header (64 px) and a gap. */
const panelTop = 80;

function safeCalc(term: { months: number; ratePercent?: number; feePercent?: number }, amount: number) {
  try {
    return calculateCredit(term, amount);
  } catch {
    return null;
  }
}

import { shopMessages } from '@repo/contracts';
import { renderPage, respondError } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { brand, contentRules, deviceType, ids, model } from '../../../shared/__tests__/fixtures';
import { DevicesPage } from '../pages/devices-page';
import { emptyRow, pricesChanged, priceRequired, serverRowErrors, toPricesBody, toRows, validatePriceRows, type PriceRow } from '../price-list';
import { parseSelection, writeSelection } from '../url-state';

jest.setTimeout(30_000);

const row = (over: Partial<PriceRow>): PriceRow => ({ ...emptyRow(), ...over });
const saved = [
  { service: 'Замена дисплея', price: 1_500_000, priceFrom: true, minutes: 60 },
  { service: 'Замена аккумулятора', price: 450_000, priceFrom: false, minutes: null },
];

describe('the price list', () => {
  it('turns the rows into the PUT body: kopecks, order kept, empty rows left out', () => {
    const rows = [row({ service: ' Замена стекла ', price: 2499.9, priceFrom: true, minutes: 90 }), emptyRow(), row({ service: 'Диагностика', price: 0 })];
    expect(toPricesBody(rows)).toEqual([
      { service: 'Замена стекла', price: 249990, priceFrom: true, minutes: 90 },
      { service: 'Диагностика', price: 0, priceFrom: false, minutes: null },
    ]);
    expect(toPricesBody(toRows(saved))).toEqual(saved);
    expect(pricesChanged(toRows(saved), saved)).toBe(false);
    expect(pricesChanged([...toRows(saved), emptyRow()], saved)).toBe(false);
    expect(pricesChanged(toRows(saved).reverse(), saved)).toBe(true);
  });

  it('checks rows by the contract, keyed by the row shown', () => {
    const rows = [row({ service: 'Замена дисплея', price: 100 }), emptyRow(), row({ service: 'замена ДИСПЛЕЯ', price: 200 }), row({ service: '', price: 5 }), row({ service: 'Чистка', price: null }), row({ service: 'Пайка', price: 10, minutes: 50_000 })];
    expect(validatePriceRows(rows)).toEqual({
      '2.service': shopMessages.serviceRepeated,
      '3.service': shopMessages.serviceRequired,
      '4.price': priceRequired,
      '5.minutes': shopMessages.minutesInvalid,
    });
    expect(validatePriceRows([row({ service: 'Чистка', price: 10 })])).toEqual({});
    expect(validatePriceRows(Array.from({ length: 101 }, (_, i) => row({ service: `Услуга ${i}`, price: 1 })))).toEqual({ list: shopMessages.tooManyPrices });
  });

  it('maps the server’s indexes (of the rows sent) back onto the rows shown', () => {
    const rows = [row({ service: 'А', price: 1 }), emptyRow(), row({ service: 'Б', price: 1 })];
    expect(serverRowErrors(rows, { '1.service': shopMessages.serviceRepeated, x: 'Другое' })).toEqual({ '2.service': shopMessages.serviceRepeated, list: 'Другое' });
  });

  it('keeps the selection in the URL: another type or brand closes the model', () => {
    expect(parseSelection(new URLSearchParams('type=t&brand=b&model=m'))).toEqual({ type: 't', brand: 'b', model: 'm' });
    expect(writeSelection(new URLSearchParams('type=t&brand=b&model=m&x=1'), { type: 't2' }).toString()).toBe('type=t2&brand=b&x=1');
    expect(writeSelection(new URLSearchParams('type=t&brand=b'), { model: 'm' }).toString()).toBe('type=t&brand=b&model=m');
    expect(writeSelection(new URLSearchParams('type=t&brand=b&model=m'), { model: undefined }).toString()).toBe('type=t&brand=b');
  });
});

const api = () => ({
  'get shop/device-types': { items: [deviceType(), deviceType({ id: 'tab', name: 'Планшеты', modelCount: 0 })] },
  'get shop/brands': (call: { query: Record<string, string> }) => ({ items: call.query.typeId ? [brand({ modelCount: 2 })] : [brand(), brand({ id: 'sam', name: 'Samsung', modelCount: 0 })] }),
  'get shop/models': { items: [model(), model({ id: 'm2', name: 'iPhone 14', priceCount: 0, minPrice: null, published: false })] },
  'get shop/models/:id/prices': saved,
});

describe('/devices', () => {
  it('shows the three lists for the URL’s selection, and the model’s price list editor', async () => {
    const view = renderPage(<DevicesPage />, { route: `/devices?type=${ids.type}&brand=${ids.brand}&model=${ids.model}`, path: '/devices', rules: contentRules, api: { ...api(), 'put shop/models/:id/prices': (c: { body: unknown }) => c.body } });
    const models = await screen.findByTestId('device-models');
    await within(models).findByText('iPhone 14');
    expect(within(models).getByText('от 1 500,00 ₽')).toBeInTheDocument();
    expect(view.api!.lastCall('get', 'shop/models')!.query).toEqual({ typeId: ids.type, brandId: ids.brand });
    expect(within(screen.getByTestId('device-types')).getAllByRole('button', { name: 'Перетащить' })).toHaveLength(2);

    const editor = await screen.findByTestId('price-list-editor');
    await waitFor(() => expect(within(editor).getAllByTestId('price-row')).toHaveLength(2));
    expect(within(editor).getByLabelText('Услуга, строка 1')).toHaveValue('Замена дисплея');
    expect(within(editor).getByLabelText('Цена «от», строка 1')).toBeChecked();
    expect(within(editor).getByRole('button', { name: 'Сохранить прайс' })).toBeDisabled();

    // A new row without a price is refused before sending.
    fireEvent.click(within(editor).getByRole('button', { name: /Добавить строку/ }));
    fireEvent.change(within(editor).getByLabelText('Услуга, строка 3'), { target: { value: 'Замена камеры' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Сохранить прайс' }));
    expect(await within(editor).findByText(priceRequired)).toBeInTheDocument();
    expect(view.api!.calls('put')).toHaveLength(0);

    fireEvent.change(within(editor).getByLabelText('Цена, строка 3'), { target: { value: '3200' } });
    fireEvent.blur(within(editor).getByLabelText('Цена, строка 3'));
    fireEvent.click(within(editor).getByRole('button', { name: 'Сохранить прайс' }));
    await waitFor(() => expect(view.api!.calls('put')).toHaveLength(1));
    expect(view.api!.lastCall('put', 'shop/models/:id/prices')!.body).toEqual([...saved, { service: 'Замена камеры', price: 320000, priceFrom: false, minutes: null }]);
    expect(view.api!.lastCall('put')!.path).toBe(`shop/models/${ids.model}/prices`);
  });

  it('puts the server’s 400 on its row', async () => {
    renderPage(<DevicesPage />, {
      route: `/devices?type=${ids.type}&brand=${ids.brand}&model=${ids.model}`,
      path: '/devices',
      rules: contentRules,
      api: { ...api(), 'put shop/models/:id/prices': respondError(400, 'Проверьте поля', 'validation', { '1.service': shopMessages.serviceTooLong }) },
    });
    const editor = await screen.findByTestId('price-list-editor');
    await waitFor(() => expect(within(editor).getAllByTestId('price-row')).toHaveLength(2));
    fireEvent.click(within(editor).getByLabelText('Цена «от», строка 2'));
    fireEvent.click(within(editor).getByRole('button', { name: 'Сохранить прайс' }));
    const rows = within(editor).getAllByTestId('price-row');
    expect(await within(rows[1]).findByText(shopMessages.serviceTooLong)).toBeInTheDocument();
  });

  it('asks before closing a price list with unsaved rows', async () => {
    const view = renderPage(<DevicesPage />, { route: `/devices?type=${ids.type}&brand=${ids.brand}&model=${ids.model}`, path: '/devices', rules: contentRules, api: api() });
    const editor = await screen.findByTestId('price-list-editor');
    await waitFor(() => expect(within(editor).getAllByTestId('price-row')).toHaveLength(2));
    fireEvent.change(within(editor).getByLabelText('Услуга, строка 2'), { target: { value: 'Замена АКБ' } });
    fireEvent.click(screen.getByRole('button', { name: /close|закрыть/i }));
    const [confirm] = await screen.findAllByText('Закрыть без сохранения?');
    expect(view.location()).toContain(`model=${ids.model}`);
    fireEvent.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(view.location()).toBe(`/devices?type=${ids.type}&brand=${ids.brand}`));
  });

  it('selecting goes into the URL; models wait for a type and a brand', async () => {
    const view = renderPage(<DevicesPage />, { route: '/devices', path: '/devices', rules: ['view:shop_content:all'], api: api() });
    expect(await within(screen.getByTestId('device-models')).findByText('Выберите тип устройства и бренд')).toBeInTheDocument();
    fireEvent.click(await within(screen.getByTestId('device-types')).findByRole('button', { name: 'Смартфоны' }));
    await waitFor(() => expect(view.location()).toBe(`/devices?type=${ids.type}`));
    fireEvent.click(await within(screen.getByTestId('device-brands')).findByRole('button', { name: 'Apple' }));
    await waitFor(() => expect(view.location()).toBe(`/devices?type=${ids.type}&brand=${ids.brand}`));
    await within(screen.getByTestId('device-models')).findByText('iPhone 13');
    // Read-only: no handles, no add buttons.
    expect(screen.queryByRole('button', { name: 'Перетащить' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Модель/ })).not.toBeInTheDocument();
  });
});

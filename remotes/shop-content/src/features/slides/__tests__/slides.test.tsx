import { shopMessages } from '@repo/contracts';
import { dayjs } from '@repo/shared-core';
import { renderPage, respondError } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { contentRules, ids, slide } from '../../../shared/__tests__/fixtures';
import { slideValues, toSlideBody } from '../components/slide-form';
import { SlidesPage, slideDates } from '../pages/slides-page';

jest.setTimeout(30_000);

const slides = [
  slide(),
  slide({ id: ids.item2, title: 'Скидка на стёкла', active: false, activeFrom: '2026-12-01', activeTo: '2026-12-31' }),
  slide({ id: ids.item3, title: 'Черновик', active: false, published: false }),
];

describe('/constructorMainSlider', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows a card per slide in order, with «активен сейчас», dates and drag handles', async () => {
    renderPage(<SlidesPage />, { route: '/constructorMainSlider', path: '/constructorMainSlider', rules: contentRules, api: { 'get shop/slides': { items: slides } } });
    await screen.findByText('Скидка на стёкла');
    const cards = screen.getAllByTestId('slide-card');
    expect(cards.map((c) => within(c).getByTestId('slide-title').textContent)).toEqual(['Ремонт за 1 день', 'Скидка на стёкла', 'Черновик']);
    expect(cards[0]).toHaveTextContent('активен сейчас');
    expect(cards[1]).not.toHaveTextContent('активен сейчас');
    expect(cards[1]).toHaveTextContent('с 01.12.2026 по 31.12.2026');
    expect(cards[2]).toHaveTextContent('скрыт');
    expect(screen.getAllByRole('button', { name: 'Перетащить' })).toHaveLength(3);
    expect(slideDates({ activeFrom: null, activeTo: '2026-12-31' })).toBe('по 31.12.2026');
  });

  it('refuses an end before the start on «Показывать по», and puts the server’s 400 there too', async () => {
    // Typing into antd's date picker in jsdom makes rc-trigger complain about shadow roots; nothing else may be logged.
    const realError = console.error;
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('same shadow root')) realError(...args);
    });
    const view = renderPage(<SlidesPage />, {
      route: `/constructorMainSlider?slide=${ids.item2}`,
      path: '/constructorMainSlider',
      rules: contentRules,
      api: { 'get shop/slides': { items: slides }, 'patch shop/slides/:id': respondError(400, 'Проверьте поля', 'validation', { activeTo: shopMessages.slideDates }) },
    });
    const form = await screen.findByTestId('slide-form');
    expect(within(form).getByLabelText('Заголовок')).toHaveValue('Скидка на стёкла');
    // The form's own check: the dates the form holds, the end moved before the start.
    const dialog = screen.getByRole('dialog');
    const to = within(form).getByLabelText('Показывать по');
    fireEvent.change(to, { target: { value: '20.11.2026' } });
    fireEvent.keyDown(to, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText(shopMessages.slideDates)).toBeInTheDocument();
    expect(view.api!.calls('patch')).toHaveLength(0);

    // Dates that pass here but not on the server (its own check against the stored ones).
    fireEvent.change(to, { target: { value: '31.12.2026' } });
    fireEvent.keyDown(to, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(within(form).queryByText(shopMessages.slideDates)).not.toBeInTheDocument());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText(shopMessages.slideDates)).toBeInTheDocument();
    expect(view.api!.lastCall('patch', 'shop/slides/:id')!.body).toMatchObject({ title: 'Скидка на стёкла', activeFrom: '2026-12-01', activeTo: '2026-12-31' });
  });

  it('sends the form as the contract’s body: empty texts as null, days as YYYY-MM-DD', () => {
    const v = slideValues(slide({ text: null, buttonText: null, link: null }));
    expect(toSlideBody({ ...v, activeFrom: dayjs('2026-12-01'), title: ' Акция ' })).toEqual({
      title: 'Акция',
      text: null,
      buttonText: null,
      link: null,
      imageId: null,
      activeFrom: '2026-12-01',
      activeTo: null,
      published: true,
    });
  });

  it('says so when there are no slides, and hides the editing for a read-only employee', async () => {
    renderPage(<SlidesPage />, { route: '/constructorMainSlider', path: '/constructorMainSlider', rules: ['view:shop_content:all'], api: { 'get shop/slides': { items: [] } } });
    expect(await screen.findByText('Слайдов пока нет: добавьте первый')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Добавить слайд/ })).not.toBeInTheDocument();
  });
});

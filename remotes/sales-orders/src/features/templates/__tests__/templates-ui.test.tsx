import type { Template } from '@repo/contracts';
import { renderPage, respondError } from '@repo/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { insertAtCursor, previewDocument, sanitizePreviewHtml, variableSnippet } from '../document';
import { TemplatesPage } from '../pages/templates-page';

describe('inserting a variable', () => {
  it('puts the snippet at the cursor or in place of the selection, caret after it', () => {
    expect(insertAtCursor('<p></p>', 3, 3, '{{ order.number }}')).toEqual({ text: '<p>{{ order.number }}</p>', cursor: 21 });
    expect(insertAtCursor('<p>XXX</p>', 3, 6, '{{ a }}')).toEqual({ text: '<p>{{ a }}</p>', cursor: 10 });
    // No cursor known (the field never had focus): at the end; positions past the end are clamped.
    expect(insertAtCursor('ab', undefined, undefined, 'c')).toEqual({ text: 'abc', cursor: 3 });
    expect(insertAtCursor('ab', 10, 20, 'c')).toEqual({ text: 'abc', cursor: 3 });
    expect(insertAtCursor('ab', 2, 1, 'c')).toEqual({ text: 'abc', cursor: 3 });
  });

  it('inserts a value as {{ name }} and a list as a loop over its first field', () => {
    expect(variableSnippet({ name: 'client.name', label: 'Клиент' })).toBe('{{ client.name }}');
    expect(variableSnippet({ name: 'works', label: 'Работы (name, qty, price, amount, warranty_days)' })).toBe('{% for item in works %}{{ item.name }}{% endfor %}');
    expect(variableSnippet({ name: 'payments', label: 'Оплаты (number, at, amount, method)' })).toBe('{% for item in payments %}{{ item.number }}{% endfor %}');
  });
});

describe('the preview document', () => {
  it('sanitises the server’s HTML again: no script, handler, frame, form or javascript: link; style and SVG stay', () => {
    const html = sanitizePreviewHtml(
      '<style>.a{color:red}</style><p class="a">Текст</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">ссылка</a>' +
        '<iframe src="https://example.org"></iframe><form action="/x"><input name="q"></form><svg viewBox="0 0 10 10"><path d="M0 0L1 1" stroke="#000"></path></svg>',
    );
    expect(html).toContain('<style>.a{color:red}</style>');
    expect(html).toContain('<p class="a">Текст</p>');
    expect(html).not.toMatch(/<script|onerror|javascript:|<iframe|<form|<input/);
    expect(html).toContain('<img src="x">');
    expect(html).toContain('<a>ссылка</a>');
    expect(html).toMatch(/<svg viewBox="0 0 10 10"><path d="M0 0L1 1" stroke="#000"><\/path><\/svg>/);
  });

  it('is a whole page: no-script CSP, the paper CSS in the head, the title escaped, the body sanitised', () => {
    const doc = previewDocument({ html: '<p>Чек</p><script>x()</script>', css: '@page { size: 80mm auto; } </style><script>x()</script>' }, 'Чек <b>1</b>');
    expect(doc.startsWith('<!doctype html><html lang="ru"><head><meta charset="utf-8">')).toBe(true);
    expect(doc).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; font-src data:">`);
    expect(doc).toContain('<title>Чек &lt;b&gt;1&lt;/b&gt;</title>');
    // The CSS cannot close its style element.
    expect(doc).toContain('<style>@page { size: 80mm auto; } /style>script>x()/script></style>');
    expect(doc).toContain('<body><p>Чек</p></body></html>');
  });
});

const template = (over: Partial<Template>): Template => ({
  id: 't1',
  name: 'Квитанция о приёме',
  kind: 'order_receipt',
  paper: 'mm80',
  body: '<p></p>',
  builtIn: true,
  modified: true,
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...over,
});

describe('the /patterns screen', () => {
  const templates = [template({}), template({ id: 't2', name: 'Ценник мелкий', kind: 'price_label', paper: 'label58x40', builtIn: false, modified: false, body: '{{ products.size }}' })];
  const order = { id: 'o1', number: 'З-000042', client: { name: 'Олег Печатный' }, device: { brand: 'Apple', model: 'iPhone 13' } };

  it('lists the templates, inserts a variable at the cursor, previews the unsaved body sanitised, shows the server’s field error', async () => {
    const renders: unknown[] = [];
    const { api } = renderPage(<TemplatesPage />, {
      route: '/patterns?id=t1&orderId=o1',
      rules: ['view:template:all', 'edit:template:all', 'create:template:all', 'print:repair_order:location'],
      api: {
        'get templates': templates,
        'get orders': { items: [order], total: 1, page: 1, pageSize: 20, totalExact: true },
        'post templates/:id/render': (call) => {
          renders.push(call.body);
          return { html: '<p>Заказ З-000042</p><script>alert(1)</script><img src="x" onerror="alert(1)">', css: '@page { size: 80mm auto; }', paper: 'mm80' };
        },
        'patch templates/:id': respondError(400, 'Ошибка в шаблоне: неизвестный фильтр «money» (строка 1, позиция 1)', 'validation', {
          body: 'Ошибка в шаблоне: неизвестный фильтр «money» (строка 1, позиция 1)',
        }),
      },
    });

    expect(await screen.findByText('Ценник мелкий')).toBeInTheDocument();
    expect(screen.getAllByText('изменён').length).toBeGreaterThan(0);

    const body = (await screen.findByLabelText('Текст шаблона')) as HTMLTextAreaElement;
    expect(body.value).toBe('<p></p>');
    body.focus();
    body.setSelectionRange(3, 3);
    fireEvent.click(screen.getByText('order.number').closest('[role="button"]')!);
    await waitFor(() => expect(body.value).toBe('<p>{{ order.number }}</p>'));
    await waitFor(() => expect(body.selectionStart).toBe(21));

    // The preview asks for the order in the URL with the unsaved body, and shows the answer sanitised again.
    const frame = screen.getByTestId('template-preview') as HTMLIFrameElement;
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('<p>Заказ З-000042</p>'), { timeout: 5000 });
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    expect(frame.getAttribute('srcdoc')).not.toMatch(/<script|onerror/);
    expect(frame.getAttribute('srcdoc')).toContain('@page { size: 80mm auto; }');
    await waitFor(() => expect(renders.at(-1)).toEqual({ orderId: 'o1', body: '<p>{{ order.number }}</p>' }), { timeout: 5000 });

    fireEvent.click(screen.getByTestId('template-save'));
    expect(await screen.findByText('Ошибка в шаблоне: неизвестный фильтр «money» (строка 1, позиция 1)')).toBeInTheDocument();
    expect(api!.calls('patch', 'templates/t1')[0].body).toEqual({ body: '<p>{{ order.number }}</p>' });
  }, 30_000);

  it('shows the orders’ error when they cannot be loaded, and no preview', async () => {
    renderPage(<TemplatesPage />, {
      route: '/patterns?id=t1',
      rules: ['view:template:all'],
      api: { 'get templates': templates, 'get orders': respondError(404, 'Не найдено') },
    });
    expect(await screen.findByText('Не удалось загрузить заказы')).toBeInTheDocument();
    expect(screen.getByText('Выберите заказ для предпросмотра')).toBeInTheDocument();
    // Read-only without edit:template: no save, no new template.
    expect(screen.queryByTestId('template-save')).toBeNull();
    expect(screen.queryByTestId('template-new')).toBeNull();
    // …but the preview's order can still be chosen.
    expect(screen.getByLabelText('Заказ для предпросмотра')).not.toBeDisabled();
    expect(screen.getByLabelText('Текст шаблона')).toHaveAttribute('readonly');
  }, 30_000);
});

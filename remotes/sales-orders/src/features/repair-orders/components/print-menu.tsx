import { PrinterOutlined } from '@ant-design/icons';
import { templateSubjects, type Order, type Template } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { printHtml, useRule } from '@repo/ui';
import { Dropdown } from 'antd';
import { renderTemplate, useTemplates } from '../api';

/** The rendered document, sanitised once more in the browser (no script, no handlers), ready for printHtml. */
export async function printableHtml(html: string): Promise<string> {
  const { default: DOMPurify } = await import(/* webpackChunkName: "dompurify" */ 'dompurify');
  return DOMPurify.sanitize(html, { WHOLE_DOCUMENT: false, FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'form'], FORBID_ATTR: ['srcset'] });
}

/** Renders a template for the order on the server (the print is recorded there) and prints it. */
export async function printOrderDocument(template: Pick<Template, 'id' | 'name'>, order: Pick<Order, 'id' | 'number'>): Promise<void> {
  const rendered = await renderTemplate(template.id, { orderId: order.id, print: true });
  await printHtml(await printableHtml(rendered.html), { title: `${template.name} ${order.number}`, css: rendered.css, copyStyles: false });
}

/** «Печать»: the order documents (receipt, act, warranty card) from the templates. */
export function PrintMenu({ order, preferred }: { order: Order; preferred?: Template['kind'] }) {
  const canPrint = useRule(['print:repair_order', 'print:template']);
  const templates = useTemplates(canPrint);
  const forOrders = (templates.data ?? []).filter((t) => templateSubjects[t.kind] === 'order');
  if (!canPrint) return null;
  const print = (t: Template) => printOrderDocument(t, order).catch((e) => notify.error(getApiError(e).message));
  const first = forOrders.find((t) => t.kind === preferred) ?? forOrders[0];
  return (
    <Dropdown.Button
      icon={<PrinterOutlined />}
      disabled={!first}
      loading={templates.isPending}
      onClick={() => first && void print(first)}
      menu={{ items: forOrders.map((t) => ({ key: t.id, label: t.name, onClick: () => void print(t) })) }}
      data-testid="print-menu"
    >
      {first ? `Печать: ${first.name}` : templates.isError ? 'Шаблоны недоступны' : 'Печать'}
    </Dropdown.Button>
  );
}

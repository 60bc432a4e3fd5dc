import {
  defaultPaperOf,
  hasRule,
  missingRuleMessage,
  paperCss,
  templateMessages,
  templateSubjects,
  type TemplateSubject,
  type CreateTemplateRequest,
  type PaperFormat,
  type RenderedTemplate,
  type RenderTemplateRequest,
  type RequiredRule,
  type Template,
  type UpdateTemplateRequest,
} from '@repo/contracts';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors';
import { orderPrintData } from '../orders/print';
import { recordPrint } from '../orders/service';
import { purchaseOrderPrintData } from '../procurement/print-data';
import { salePrintData } from '../sales/print-data';
import { recordSalePrint } from '../sales/service';
import { builtInTemplates } from './builtins';
import { barcodeSvg, parseTemplate, renderTemplate, TemplateError, TrustedMarkup, words } from './engine';
import * as repo from './repository';
import { sanitizeDocument, sanitizeTemplateBody } from './sanitize';

/**
 * Printed document templates (server/docs/templates.md): company-wide, sanitised on save, rendered with
 * Liquid for a real order, sale or products, sanitised again before answering; every print is audited.
 */

const ENTITY = 'template' as const;

/** Printing any document: the rules that let an employee list the templates without `view:template`. */
const printRules: RequiredRule[] = ['print:template', 'print:repair_order', 'print:sale', 'print:product'];

function requireRule(ctx: Ctx, rule: RequiredRule) {
  if (!hasRule(ctx.auth.rules, rule)) throw forbidden(missingRuleMessage(rule));
}

/** `view:template`, or a print rule: the order screen lists the documents to print with it. */
function requireListRule(ctx: Ctx) {
  if (hasRule(ctx.auth.rules, 'view:template') || printRules.some((r) => hasRule(ctx.auth.rules, r))) return;
  throw forbidden(missingRuleMessage('view:template'));
}

export function templateOut(row: repo.TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    paper: row.paper,
    body: row.body,
    builtIn: row.builtInKey !== null,
    modified: row.builtInKey !== null && row.body !== row.defaultBody,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit keeps of a template (the whole body: templates are small and rarely changed). */
const snapshot = (row: repo.TemplateRow) => ({ name: row.name, kind: row.kind, paper: row.paper, body: row.body, archived: row.archivedAt !== null });

/** A body as stored: sanitised, and it must parse (400 on `body` with the Liquid error in Russian). */
function checkedBody(body: string): string {
  const clean = sanitizeTemplateBody(body);
  if (!clean.trim()) throw invalidInput({ body: 'Шаблон пуст после очистки: остались только запрещённые теги' });
  try {
    parseTemplate(clean);
  } catch (err) {
    if (err instanceof TemplateError) throw invalidInput({ body: templateMessages.parse(err.message) }, templateMessages.parse(err.message));
    throw err;
  }
  return clean;
}

async function assertUniqueName(db: repo.Conn, name: string, exceptId?: string) {
  const same = await repo.activeNames(db);
  if (same.some((t) => t.id !== exceptId && t.name.toLowerCase() === name.toLowerCase())) {
    throw new AppError(409, 'conflict', templateMessages.nameTaken, { name: templateMessages.nameTaken });
  }
}

async function activeTemplate(ctx: Ctx, id: string, lock = false, db: repo.Conn = ctx.db): Promise<repo.TemplateRow> {
  const row = await repo.findTemplate(db, id, { lock });
  if (!row || row.archivedAt) throw notFound(templateMessages.notFound);
  return row;
}

// ---------------------------------------------------------------------------------------------------
// CRUD

export async function listTemplates(ctx: Ctx): Promise<Template[]> {
  requireListRule(ctx);
  return (await repo.listTemplates(ctx.db)).map(templateOut);
}

export async function getTemplate(ctx: Ctx, id: string): Promise<Template> {
  requireListRule(ctx);
  return templateOut(await activeTemplate(ctx, id));
}

export async function createTemplate(ctx: Ctx, input: CreateTemplateRequest): Promise<Template> {
  const body = checkedBody(input.body);
  return ctx.db.transaction(async (tx) => {
    await assertUniqueName(tx, input.name);
    const row = await repo.insertTemplate(tx, { name: input.name, kind: input.kind, paper: input.paper ?? defaultPaperOf[input.kind], body });
    await recordChange(tx, ctx, { entity: ENTITY, id: row.id, action: 'create', after: snapshot(row), locationId: null });
    return templateOut(row);
  });
}

/** Rename, change the paper or the body; `restoreDefault` brings a built-in's body and paper back. */
export async function updateTemplate(ctx: Ctx, id: string, input: UpdateTemplateRequest): Promise<Template> {
  const body = input.body !== undefined && !input.restoreDefault ? checkedBody(input.body) : undefined;
  return ctx.db.transaction(async (tx) => {
    const before = await activeTemplate(ctx, id, true, tx);
    const set: Partial<repo.TemplateInsert> = {};
    if (input.restoreDefault) {
      const builtIn = builtInTemplates.find((b) => b.key === before.builtInKey);
      if (!before.builtInKey || before.defaultBody === null || !builtIn) throw conflict(templateMessages.notBuiltIn);
      set.body = before.defaultBody;
      set.paper = builtIn.paper;
    }
    if (input.name !== undefined) {
      await assertUniqueName(tx, input.name, id);
      set.name = input.name;
    }
    if (input.paper !== undefined) set.paper = input.paper;
    if (body !== undefined) set.body = body;
    const after = await repo.updateTemplate(tx, id, set);
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'update', before: snapshot(before), after: snapshot(after), locationId: null });
    return templateOut(after);
  });
}

/** Archives a template of staff; a built-in is refused (409: it can be restored instead). */
export async function deleteTemplate(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await activeTemplate(ctx, id, true, tx);
    if (before.builtInKey) throw conflict(templateMessages.builtInDelete);
    const after = await repo.updateTemplate(tx, id, { archivedAt: new Date() });
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'delete', before: snapshot(before), after: snapshot(after), locationId: null });
  });
}

// ---------------------------------------------------------------------------------------------------
// Rendering

/** Printed with every document: white paper, colours kept, a plain font when the template sets none. */
const baseCss = 'html { background: #fff; } body { color: #000; font-family: Arial, Helvetica, sans-serif; -webkit-print-color-adjust: exact; print-color-adjust: exact; }';

export const cssOf = (paper: PaperFormat) => `${paperCss[paper]} ${baseCss}`;

/**
 * Who may render: a preview (and printing a body that is not saved) needs `view:template`; a print needs
 * the subject's print rule — `print:repair_order` for order documents (checked by the orders module in the
 * order's scope, which also writes the timeline row), `print:sale` for sales, `print:product` for price
 * labels — or `print:template` for sales and labels.
 */
function checkRenderRules(ctx: Ctx, subject: TemplateSubject, input: RenderTemplateRequest) {
  if (!input.print || input.body !== undefined) requireRule(ctx, 'view:template');
  if (!input.print) return;
  if (subject === 'order') requireRule(ctx, 'print:repair_order');
  // Whoever may see a purchase order may print it for the supplier (the procurement rules have no «print»).
  else if (subject === 'purchase_order') requireRule(ctx, 'view:purchase_order');
  else {
    const own: RequiredRule = subject === 'sale' ? 'print:sale' : 'print:product';
    if (!hasRule(ctx.auth.rules, own) && !hasRule(ctx.auth.rules, 'print:template')) throw forbidden(missingRuleMessage(own));
  }
}

function subjectRequired(field: string, subject: TemplateSubject): never {
  const message = templateMessages.subjectRequired(subject);
  throw invalidInput({ [field]: message }, message);
}

/** Renders a template (or the unsaved `body`) for an order, a sale or products; `print: true` records the print. */
export async function renderFor(ctx: Ctx, id: string, input: RenderTemplateRequest): Promise<RenderedTemplate> {
  const template = await activeTemplate(ctx, id);
  const subject = templateSubjects[template.kind];
  checkRenderRules(ctx, subject, input);
  const body = input.body !== undefined ? checkedBody(input.body) : template.body;
  const paper = input.paper ?? template.paper;
  const marks = new TrustedMarkup();
  const common = {
    company: await repo.companyCard(ctx.db),
    employee: { name: ctx.auth.name },
    now: new Date().toISOString(),
  };

  let data: Record<string, unknown>;
  let productIds: string[] = [];
  if (subject === 'order') {
    if (!input.orderId) subjectRequired('orderId', 'order');
    const order = await orderPrintData(ctx, input.orderId);
    data = { ...common, ...order, totals: { ...order.totals, total_words: words(order.totals.total) } };
  } else if (subject === 'sale') {
    if (!input.saleId) subjectRequired('saleId', 'sale');
    // A sale the employee may not see answers 404 (the sales service's rules).
    const sale = await salePrintData(ctx, input.saleId);
    data = { ...common, ...sale, company: common.company, totals: { ...sale.totals, total_words: words(sale.totals.total) } };
  } else if (subject === 'purchase_order') {
    if (!input.purchaseOrderId) subjectRequired('purchaseOrderId', 'purchase_order');
    const purchase = await purchaseOrderPrintData(ctx, input.purchaseOrderId);
    data = { ...common, ...purchase, totals: { ...purchase.totals, total_words: words(purchase.totals.total) } };
  } else {
    if (!input.productIds?.length) subjectRequired('productIds', 'products');
    const rows = await repo.labelProducts(ctx.db, input.productIds);
    if (!rows.length) throw invalidInput({ productIds: templateMessages.productsNotFound }, templateMessages.productsNotFound);
    productIds = [...new Set(rows.map((r) => r.id))];
    data = {
      ...common,
      location: await repo.locationCard(ctx.db, ctx.locationId),
      products: rows.map((p) => ({ name: p.name, sku: p.sku, price: p.price, barcode: p.barcode, barcode_svg: marks.mark(barcodeSvg(p.barcode)) })),
    };
  }

  let html: string;
  try {
    html = await renderTemplate(body, data);
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    const message = err.stage === 'parse' ? templateMessages.parse(err.message) : templateMessages.render(err.message);
    throw invalidInput({ body: message }, message);
  }
  html = sanitizeDocument(marks.fill(html));

  if (input.print) {
    await ctx.db.transaction(async (tx) => {
      if (subject === 'order') await recordPrint(ctx, tx, input.orderId!, template.name);
      if (subject === 'sale') await recordSalePrint(ctx, tx, input.saleId!, template.name);
      if (subject === 'purchase_order') {
        await recordChange(tx, ctx, { entity: 'purchase_order', id: input.purchaseOrderId!, action: 'print', diff: { template: { after: template.name } }, event: false });
      }
      for (const productId of productIds) {
        await recordChange(tx, ctx, { entity: 'product', id: productId, action: 'print', diff: { template: { after: template.name } }, event: false });
      }
    });
  }
  return { html, paper, css: cssOf(paper) };
}

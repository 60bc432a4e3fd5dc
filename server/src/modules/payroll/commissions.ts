import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/**
 * The commission ledger's writers (server/docs/payroll.md). Each is one set-based statement run inside
 * the transaction that issues a repair order, posts a sale, takes a return or cancels: it reads the
 * documents' lines, the employees' schemes (`employees.salary`, the percent at that moment, stored in
 * hundredths as `percent_bp`) and the category tree, writes one row per document, employee and rule, and
 * adds the rows to the monthly rollup (`payroll_commission_months`) in the same statement. An amount is
 * `round(basis × percent / 100)` in SQL numeric (half away from zero: 12345 × 2.5 % = 308.625 → 309),
 * per document and rule; no floats touch money. An employee with no matching rule gets no row.
 *
 * The same writers rebuild the ledger over existing documents (`rebuildCommissions`: demo data, bench).
 */

type Conn = Tx | Db;

/** The rules of every scheme, the category subtrees they are limited to, and the months' upsert of what a CTE `ins` wrote. */
const rulesCte = sql`rules as (
    select e.id as employee_id, r.ord, r.v->>'kind' as kind, round((r.v->>'percent')::numeric * 100)::int as bp, nullif(r.v->>'categoryId', '')::uuid as category_id
    from employees e cross join lateral jsonb_array_elements(case when jsonb_typeof(e.salary->'rules') = 'array' then e.salary->'rules' else '[]'::jsonb end) with ordinality as r(v, ord)
  ),
  tree(root, id) as (
    select c.id, c.id from categories c where c.id in (select category_id from rules where category_id is not null)
    union all
    select t.root, c.id from categories c join tree t on c.parent_id = t.id
  )`;

const monthOf = (col: string) => sql.raw(`date_trunc('month', (${col} at time zone 'UTC') + interval '3 hours')::date`);

/** Inserts the rows computed from `items` (doc, employee_id, kind, product_id, basis) for `docs` (id, location_id, number, at). */
function insertFromItems(documentType: 'repair_order' | 'sale' | 'sale_return', reversal: boolean): SQL {
  return sql`calc as (
    select i.doc, i.employee_id, i.kind, r.ord, r.bp, sum(i.basis)::bigint as basis
    from items i
    join rules r on r.employee_id = i.employee_id and r.kind = i.kind
    left join products p on p.id = i.product_id
    where r.category_id is null or exists (select 1 from tree t where t.root = r.category_id and t.id = p.category_id)
    group by i.doc, i.employee_id, i.kind, r.ord, r.bp
  ),
  ins as (
    insert into payroll_commissions (employee_id, location_id, kind, document_type, document_id, number, at, basis, percent_bp, amount, reversal)
    select c.employee_id, d.location_id, c.kind, ${documentType}, d.doc_id, d.number, d.at, c.basis, c.bp, round(c.basis::numeric * c.bp / 10000)::bigint, ${reversal}
    from calc c join docs d on d.id = c.doc
    where c.basis <> 0 and c.bp > 0
    returning employee_id, at, amount
  )
  insert into payroll_commission_months (employee_id, month, amount)
  select employee_id, ${monthOf('at')}, sum(amount) from ins group by 1, 2
  on conflict (employee_id, month) do update set amount = payroll_commission_months.amount + excluded.amount`;
}

/**
 * The cost the stock ledger holds for the parts of the repair orders `orderIds` (a subquery or a list of
 * ids): per order and product, the net of the order's ledger rows (its issue's write-off, less what a
 * re-opening reversed). Rows `(order_id, product_id, cost)`. The parts margin of the commissions and the
 * order's `parts_cost` (the repairs report) both read it.
 */
export const orderPartsCost = (orderIds: SQL): SQL =>
  sql`select document_id as order_id, product_id, -sum(value) as cost from stock_movements where document_type = 'repair_order' and document_id in (${orderIds}) group by 1, 2`;

/**
 * Repair orders issued (`where` on `o`, e.g. `o.id = …`): works → the work's engineer, else the order's
 * (price × qty); parts margin → the order's engineer (parts' price × qty − their cost: the net of the
 * order's stock ledger rows per product). Dated `issued_at`.
 */
export async function writeOrders(tx: Conn, where: SQL): Promise<void> {
  await tx.execute(sql`with recursive ${rulesCte},
  docs as (select o.id, o.id as doc_id, o.location_id, o.number, o.engineer_id, o.issued_at as at from repair_orders o where o.issued_at is not null and (${where})),
  items as (
    select d.id as doc, coalesce(w.engineer_id, d.engineer_id) as employee_id, 'services_percent' as kind, w.product_id, (w.price * w.qty)::bigint as basis
    from docs d join repair_order_works w on w.order_id = d.id
    union all
    select d.id, d.engineer_id, 'parts_margin_percent', p.product_id, (p.amount - coalesce(m.cost, 0))::bigint
    from docs d
    join (select order_id, product_id, sum(price * qty) as amount from repair_order_parts where order_id in (select id from docs) group by 1, 2) p on p.order_id = d.id
    left join (${orderPartsCost(sql`select id from docs`)}) m on m.order_id = d.id and m.product_id = p.product_id
  ),
  ${insertFromItems('repair_order', false)}`);
}

/** Posted sales (`where` on `s`): each line's amount after discounts → the seller; margin = amount − the cost the sale took. Dated `posted_at`. */
export async function writeSales(tx: Conn, where: SQL): Promise<void> {
  await tx.execute(sql`with recursive ${rulesCte},
  docs as (select s.id, s.id as doc_id, s.location_id, s.number, s.employee_id, s.posted_at as at from sales s where s.status = 'posted' and s.employee_id is not null and (${where})),
  items as (
    select d.id as doc, d.employee_id, 'sales_percent' as kind, l.product_id, l.total::bigint as basis from docs d join sale_lines l on l.sale_id = d.id
    union all
    select d.id, d.employee_id, 'sales_margin_percent', l.product_id, (l.total - coalesce(l.cost, 0))::bigint from docs d join sale_lines l on l.sale_id = d.id
  ),
  ${insertFromItems('sale', false)}`);
}

/**
 * Customer returns (`where` on `r`): the returned units' money and cost, negative, for the sale's seller,
 * dated when the return was taken; the rows name the sale (`document_id`) with the return's number.
 */
export async function writeReturns(tx: Conn, where: SQL): Promise<void> {
  await tx.execute(sql`with recursive ${rulesCte},
  docs as (
    select r.id, r.sale_id as doc_id, r.location_id, r.number, s.employee_id, r.created_at as at
    from sale_returns r join sales s on s.id = r.sale_id where s.employee_id is not null and (${where})
  ),
  items as (
    select d.id as doc, d.employee_id, 'sales_percent' as kind, rl.product_id, (-rl.amount)::bigint as basis from docs d join sale_return_lines rl on rl.return_id = d.id
    union all
    select d.id, d.employee_id, 'sales_margin_percent', rl.product_id, (rl.value - rl.amount)::bigint from docs d join sale_return_lines rl on rl.return_id = d.id
  ),
  ${insertFromItems('sale_return', true)}`);
}

/** The opposite of what a document's rows still hold (a cancelled sale, a re-opened order), dated `at`. */
export async function reverseDocument(tx: Conn, documentType: 'repair_order' | 'sale', documentId: string, at: Date): Promise<void> {
  await tx.execute(sql`with ins as (
    insert into payroll_commissions (employee_id, location_id, kind, document_type, document_id, number, at, basis, percent_bp, amount, reversal)
    select employee_id, location_id, kind, document_type, document_id, number, ${at.toISOString()}::timestamptz, -sum(basis), percent_bp, -sum(amount), true
    from payroll_commissions where document_id = ${documentId} and document_type = ${documentType}
    group by employee_id, location_id, kind, document_type, document_id, number, percent_bp
    having sum(amount) <> 0 or sum(basis) <> 0
    returning employee_id, at, amount
  )
  insert into payroll_commission_months (employee_id, month, amount)
  select employee_id, ${monthOf('at')}, sum(amount) from ins group by 1, 2
  on conflict (employee_id, month) do update set amount = payroll_commission_months.amount + excluded.amount`);
}

// ---------------------------------------------------------------------------------------------------
// The hooks the posting transactions call (one call per place)

export const orderIssued = (tx: Conn, orderId: string) => writeOrders(tx, sql`o.id = ${orderId}`);
export const orderReopened = (tx: Conn, orderId: string) => reverseDocument(tx, 'repair_order', orderId, new Date());
export const salePosted = (tx: Conn, saleId: string) => writeSales(tx, sql`s.id = ${saleId}`);
export const saleCancelled = (tx: Conn, saleId: string) => reverseDocument(tx, 'sale', saleId, new Date());
export const saleReturned = (tx: Conn, returnId: string) => writeReturns(tx, sql`r.id = ${returnId}`);

/**
 * The ledger rebuilt from the documents as they are now (demo data, bench): every row and month deleted,
 * then the issued orders, the posted sales and their returns written with the schemes of today.
 * Optionally limited to documents at or after `since`.
 */
export async function rebuildCommissions(tx: Conn, since?: Date): Promise<void> {
  const from = since ? since.toISOString() : '1970-01-01T00:00:00Z';
  await tx.execute(sql`delete from payroll_commissions`);
  await tx.execute(sql`delete from payroll_commission_months`);
  await writeOrders(tx, sql`o.issued_at >= ${from}::timestamptz`);
  await writeSales(tx, sql`s.posted_at >= ${from}::timestamptz`);
  await writeReturns(tx, sql`r.created_at >= ${from}::timestamptz`);
}

import { allRules, type CreateStockDocumentInput, type StockDocumentType } from '@repo/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { counterparties, employees, locations, products, stockDocuments, stockMovements, warehouses } from '../../db/schema';
import { demoLocations } from '../../db/seed/demo-data';
import type { Ctx } from '../../lib/ctx';
import { demoStockedSkus } from '../catalog/seed';
import type { Seeder } from '../../lib/module';
import * as service from './service';

const DAY = 86_400_000;

/**
 * A lived-in stock for the demo company: over the last 60 days, receipts from the demo suppliers into
 * the three shops (serial-tracked phones with serials), transfers between shops (one still in transit),
 * write-offs with reasons, one stocktake, one supplier return and a cancelled receipt. Posted through
 * the same service as the API (so ledger = balances = pools), then back-dated in posting order.
 */
export const stockDemoSeeder: Seeder = {
  name: 'stock.demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const locs = await tx.select({ id: locations.id, name: locations.name }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name))).orderBy(asc(locations.name));
    if (locs.length < 3) return;
    const [{ n }] = await tx.select({ n: count() }).from(stockDocuments);
    if (Number(n) > 0) return;
    // The hand-written goods only: the generated range of the demo catalogue stays out of stock.
    const goods = (await tx.select().from(products).where(and(eq(products.kind, 'good'))).orderBy(asc(products.searchName))).filter((g) => g.sku && demoStockedSkus.has(g.sku));
    if (goods.length === 0) return;
    const [owner] = await tx.select({ id: employees.id, name: employees.name }).from(employees).orderBy(asc(employees.createdAt)).limit(1);
    const suppliers = await tx.select({ id: counterparties.id }).from(counterparties).where(eq(counterparties.isSupplier, true)).orderBy(asc(counterparties.name));
    const wh = [];
    for (const l of locs) {
      const [w] = await tx.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.locationId, l.id), eq(warehouses.isDefault, true)));
      if (!w) return;
      wh.push(w.id);
    }

    const ctxAt = (i: number): Ctx =>
      ({
        db: tx as unknown as Db,
        config,
        auth: { employeeId: owner.id, sessionId: 'seed', name: owner.name, roleName: 'owner', rules: allRules(), locationIds: locs.map((l) => l.id) },
        actor: { employeeId: owner.id, locationId: locs[i].id, ip: null },
        locationId: locs[i].id,
      }) as Ctx;

    let clock = Date.now() - 60 * DAY;
    const step = (days: number) => (clock += days * DAY + 3_600_000 * ((goods.length + days) % 7));
    const backdate = async (id: string) => {
      const at = new Date(Math.min(clock, Date.now() - 60_000));
      await tx.update(stockDocuments).set({ createdAt: at, updatedAt: at, postedAt: sql`case when posted_at is null then null else ${at.toISOString()}::timestamptz end`, receivedAt: sql`case when received_at is null then null else ${at.toISOString()}::timestamptz end` }).where(eq(stockDocuments.id, id));
      await tx.update(stockMovements).set({ at }).where(eq(stockMovements.documentId, id));
    };
    const post = async (type: StockDocumentType, at: number, input: Partial<CreateStockDocumentInput>) => {
      const ctx = ctxAt(at);
      const doc = await service.createDocument(ctx, type, { lines: [], ...input } as CreateStockDocumentInput);
      const posted = type === 'transfer' ? await service.sendTransfer(ctx, doc.id) : await service.postDocument(ctx, type, doc.id);
      await backdate(doc.id);
      return posted;
    };

    const phones = goods.filter((g) => g.serialTracked);
    const plain = goods.filter((g) => !g.serialTracked);
    let serialNo = 1;
    const serialsFor = (qty: number) => Array.from({ length: qty }, () => `35${String(490000000000 + serialNo++ * 7919).padStart(13, '0')}`);
    const costOf = (price: number) => Math.max(100, Math.round((price * 0.55) / 100) * 100);

    // Big receipts into each shop at the start, then smaller ones every week or so.
    const receipts: Array<{ id: string; at: number }> = [];
    for (let round = 0; round < 6; round++) {
      for (let at = 0; at < 3; at++) {
        step(round === 0 ? 0.3 : 2.5);
        const picked = plain.filter((_, i) => (i + round + at) % (round === 0 ? 1 : 3) === 0).slice(0, round === 0 ? 40 : 12);
        const lines = picked.map((g, i) => ({ productId: g.id, qty: round === 0 ? 4 + ((i + at) % 9) : 2 + ((i + round) % 5), cost: costOf(g.price) + ((round * 700) % 1900) }));
        if (round % 2 === 0 && phones.length) {
          for (const ph of phones.slice(0, 2 + (at % 2))) lines.push({ productId: ph.id, qty: 2, cost: costOf(ph.price), serials: serialsFor(2) } as never);
        }
        if (lines.length === 0) continue;
        const r = await post('receipt', at, { warehouseId: wh[at], supplierId: suppliers.length ? suppliers[(round + at) % suppliers.length].id : null, lines, comment: round === 0 ? 'Первичная закупка' : null });
        receipts.push({ id: r.id, at });
      }
      // A transfer from Арбат to the others, received the next day.
      step(1);
      const moveLines = plain.slice(round * 3, round * 3 + 3).map((g) => ({ productId: g.id, qty: 1 + (round % 2) }));
      const t = await post('transfer', 0, { fromWarehouseId: wh[0], toWarehouseId: wh[1 + (round % 2)], lines: moveLines, comment: 'Пополнение витрины' });
      if (round < 5) {
        step(1);
        await service.receiveTransfer(ctxAt(1 + (round % 2)), t.id, {});
        await backdate(t.id);
      }
      // Write-offs: broken in repair, defective from the supplier.
      step(1.5);
      const victim = plain[(round * 7) % plain.length];
      const wo = await service.createDocument(ctxAt(round % 3), 'write_off', {
        warehouseId: wh[round % 3],
        reason: round % 2 ? 'Брак поставщика' : 'Повреждено при установке',
        lines: [{ productId: victim.id, qty: 1 }],
      } as CreateStockDocumentInput);
      try {
        await service.postDocument(ctxAt(round % 3), 'write_off', wo.id);
      } catch {
        // Not in stock there: leave it as a draft, as staff would.
      }
      await backdate(wo.id);
    }

    // A supplier return against an early receipt at Белорусская.
    step(2);
    const early = receipts.find((r) => r.at === 1);
    if (early) {
      const doc = await service.getDocument(ctxAt(1), 'receipt', early.id);
      const line = doc.lines.find((l) => !l.serialTracked);
      if (line) await post('supplier_return', 1, { receiptId: early.id, lines: [{ productId: line.productId, qty: 1 }], comment: 'Не включается' });
    }

    // A stocktake of Войковская's first products: one surplus, one shortage.
    step(2);
    const sheet = await service.createDocument(ctxAt(2), 'stocktake', { warehouseId: wh[2], productIds: plain.slice(0, 6).map((g) => g.id) } as CreateStockDocumentInput);
    const counts = sheet.lines.map((l, i) => ({ productId: l.productId, counted: Math.max(0, (l.expected ?? 0) + (i === 1 ? 1 : i === 3 ? -1 : 0)) }));
    const balances = await tx.execute<{ product_id: string; qty: number }>(sql`select product_id, qty from stock_balances where warehouse_id = ${wh[2]}`);
    const rows = (Array.isArray(balances) ? balances : (balances as { rows: Array<{ product_id: string; qty: number }> }).rows) as Array<{ product_id: string; qty: number }>;
    const qtyOf = (id: string) => rows.find((r) => r.product_id === id)?.qty ?? 0;
    await service.updateDocument(ctxAt(2), 'stocktake', sheet.id, {
      lines: counts.map((c, i) => ({ productId: c.productId, counted: Math.max(0, qtyOf(c.productId) + (i === 1 ? 1 : i === 3 ? -1 : 0)) })),
    } as never);
    await service.postDocument(ctxAt(2), 'stocktake', sheet.id);
    await backdate(sheet.id);

    // A receipt entered by mistake and cancelled; and a draft waiting for the supplier's invoice.
    step(1);
    const wrong = await post('receipt', 0, { warehouseId: wh[0], supplierId: suppliers[0]?.id ?? null, lines: [{ productId: plain[0].id, qty: 10, cost: costOf(plain[0].price) }], comment: 'Ошибочно: не та накладная' });
    await service.cancelDocument(ctxAt(0), 'receipt', wrong.id);
    await backdate(wrong.id);
    await service.createDocument(ctxAt(0), 'receipt', {
      warehouseId: wh[0],
      supplierId: suppliers[1]?.id ?? null,
      lines: plain.slice(5, 9).map((g) => ({ productId: g.id, qty: 3, cost: costOf(g.price) })),
      comment: 'Ждём счёт-фактуру',
    } as CreateStockDocumentInput);
  },
};


import { priceSale, type CreateSaleRequest, type Discount, type SaleLookupItem } from '@repo/contracts';

/** One line of the sale being made at the counter. */
export interface CartLine {
  key: string;
  productId: string;
  name: string;
  sku: string | null;
  price: number;
  isService: boolean;
  serialTracked: boolean;
  /** Free units in the warehouse when it was added (null for a service). */
  free: number | null;
  qty: number;
  discount: Discount | null;
  serials: string[];
}

export interface Cart {
  lines: CartLine[];
  /** The line that changed last (highlighted; +/- act on it). */
  lastKey: string | null;
  /** Next line key. */
  seq: number;
}

export type CartAction =
  | { type: 'add'; item: SaleLookupItem; serial?: string | null }
  | { type: 'qty'; key: string; qty: number }
  | { type: 'price'; key: string; price: number }
  | { type: 'discount'; key: string; discount: Discount | null }
  | { type: 'serials'; key: string; serials: string[] }
  | { type: 'remove'; key: string }
  | { type: 'clear' };

export const emptyCart: Cart = { lines: [], lastKey: null, seq: 1 };

const upsert = (lines: CartLine[], line: CartLine) => lines.map((l) => (l.key === line.key ? line : l));

/**
 * The counter's cart. A second scan of the same product adds one to its line; a scanned serial of a
 * serial-tracked product joins its line (the same serial twice is ignored); quantities never go below 1.
 */
export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'add': {
      const { item } = action;
      const serial = action.serial ?? item.serial ?? null;
      const same = cart.lines.find((l) => l.productId === item.productId);
      if (same) {
        if (serial && same.serials.some((s) => s.toUpperCase() === serial.toUpperCase())) return { ...cart, lastKey: same.key };
        const serials = serial ? [...same.serials, serial] : same.serials;
        const qty = same.serialTracked && serial ? Math.max(same.qty, serials.length) : same.qty + 1;
        return { ...cart, lines: upsert(cart.lines, { ...same, qty, serials }), lastKey: same.key };
      }
      const key = `l${cart.seq}`;
      const line: CartLine = {
        key,
        productId: item.productId,
        name: item.name,
        sku: item.sku,
        price: item.price,
        isService: item.isService,
        serialTracked: item.serialTracked,
        free: item.free,
        qty: 1,
        discount: null,
        serials: serial ? [serial] : [],
      };
      return { lines: [...cart.lines, line], lastKey: key, seq: cart.seq + 1 };
    }
    case 'qty': {
      const line = cart.lines.find((l) => l.key === action.key);
      if (!line || !Number.isFinite(action.qty)) return cart;
      const qty = Math.max(1, Math.floor(action.qty));
      return { ...cart, lines: upsert(cart.lines, { ...line, qty, serials: line.serials.slice(0, qty) }), lastKey: line.key };
    }
    case 'price': {
      const line = cart.lines.find((l) => l.key === action.key);
      return line ? { ...cart, lines: upsert(cart.lines, { ...line, price: Math.max(0, Math.round(action.price)) }) } : cart;
    }
    case 'discount': {
      const line = cart.lines.find((l) => l.key === action.key);
      return line ? { ...cart, lines: upsert(cart.lines, { ...line, discount: action.discount }) } : cart;
    }
    case 'serials': {
      const line = cart.lines.find((l) => l.key === action.key);
      return line ? { ...cart, lines: upsert(cart.lines, { ...line, serials: action.serials, qty: Math.max(1, action.serials.length || line.qty) }) } : cart;
    }
    case 'remove': {
      const lines = cart.lines.filter((l) => l.key !== action.key);
      return { ...cart, lines, lastKey: cart.lastKey === action.key ? (lines[lines.length - 1]?.key ?? null) : cart.lastKey };
    }
    case 'clear':
      return { ...emptyCart, seq: cart.seq };
  }
}

/** Lines whose serials are still missing (a serial-tracked product needs one per unit). */
export const missingSerials = (cart: Cart) => cart.lines.filter((l) => l.serialTracked && l.serials.length < l.qty);

/** The cart priced with the shared function (the server prices the same way). */
export const priceCart = (cart: Cart, discount: Discount | null) => priceSale(cart.lines, discount);

/** The request that posts the cart. */
export function saleRequest(
  cart: Cart,
  o: { warehouseId: string; clientId?: string | null; discount: Discount | null | undefined; payments: CreateSaleRequest['payments']; creditOfferId?: string | null; creditMonths?: number | null },
): CreateSaleRequest {
  return {
    warehouseId: o.warehouseId,
    clientId: o.clientId ?? null,
    lines: cart.lines.map((l) => ({ productId: l.productId, qty: l.qty, price: l.price, discount: l.discount, ...(l.serials.length ? { serials: l.serials } : {}) })),
    // undefined = the client's personal discount applies on the server.
    ...(o.discount !== undefined ? { discount: o.discount } : {}),
    payments: o.payments,
    ...(o.creditOfferId ? { creditOfferId: o.creditOfferId, creditMonths: o.creditMonths ?? null } : {}),
    post: true,
  };
}

/**
 * The cash given and the change: the cash part is what is left after card, transfer and credit; the
 * change is what was handed over minus that part (never negative).
 */
export function cashPart(total: number, other: { card: number; transfer: number; credit: number }, given: number | null) {
  const cash = Math.max(0, total - other.card - other.transfer - other.credit);
  const change = given !== null && given > cash ? given - cash : 0;
  const short = given !== null && given < cash ? cash - given : 0;
  return { cash, change, short };
}

/**
 * The devices screen's selection in the URL: `/devices?type=<id>&brand=<id>&model=<id>` (the model's
 * price list open). Brands are one list for every type, so changing the type keeps the brand; a new
 * type or brand closes the model.
 */
export interface DeviceSelection {
  type?: string;
  brand?: string;
  model?: string;
}

export function parseSelection(search: URLSearchParams): DeviceSelection {
  return { type: search.get('type') || undefined, brand: search.get('brand') || undefined, model: search.get('model') || undefined };
}

export function writeSelection(search: URLSearchParams, change: Partial<DeviceSelection>): URLSearchParams {
  const current = parseSelection(search);
  const next: DeviceSelection = { ...current, ...change };
  if (('type' in change && change.type !== current.type) || ('brand' in change && change.brand !== current.brand)) {
    if (!('model' in change)) next.model = undefined;
  }
  const out = new URLSearchParams(search);
  for (const key of ['type', 'brand', 'model'] as const) {
    if (next[key]) out.set(key, next[key]!);
    else out.delete(key);
  }
  return out;
}

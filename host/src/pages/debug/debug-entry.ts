/** One stored error (seed §3: `{ createdDate, error }`); the error's own shape varies by source. */
export interface DebugEntry {
  createdDate?: string | number | Date;
  error?: unknown;
}

interface Described {
  status?: number;
  method?: string;
  url?: string;
  message?: string;
}

type Loose = Record<string, unknown> | undefined;
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * Reads status, request and message from whatever was stored: a plain record made by the api
 * client, or a raw axios error (`response.status`, `config.url`, `response.data.message`).
 */
export function describeError(error: unknown): Described {
  if (typeof error === 'string') return { message: error };
  const e = error as Loose;
  if (!e) return {};
  const response = e.response as Loose;
  const config = (e.config ?? e.request) as Loose;
  const data = (e.data ?? response?.data) as Loose;
  const status = [e.status, response?.status, e.statusCode].find((v) => typeof v === 'number') as number | undefined;
  return {
    status,
    method: str(e.method) ?? str(config?.method),
    url: str(e.url) ?? str(config?.url),
    message: str(data?.message) ?? str(e.message),
  };
}

/** JSON for the expanded row; stored errors may hold cycles (axios requests), which must not crash the page. */
export function safeJson(value: unknown): string {
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(
      value,
      (_k, v: unknown) => {
        if (typeof v === 'object' && v !== null) {
          if (seen.has(v)) return '[цикл]';
          seen.add(v);
        }
        return v;
      },
      2,
    );
  } catch {
    return String(value);
  }
}

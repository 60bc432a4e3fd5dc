import { useEffect, useRef } from 'react';

/**
 * A keyboard-wedge barcode scanner: keys that arrive less than `gapMs` apart and end with Enter (or
 * Tab) are one scan. Characters are rebuilt from `event.code` (`KeyA` → A, `Digit1` → 1), so a scan
 * reads the same in a Russian layout (where the keys would type «Ф…»). Typing by hand is slower than
 * `gapMs` and is left alone; while a fast burst looks like a scan inside an input, its Enter is eaten.
 */
export function useBarcodeScanner(onScan: (code: string) => void, { enabled = true, minLength = 4, gapMs = 50 }: { enabled?: boolean; minLength?: number; gapMs?: number } = {}) {
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    let buffer = '';
    let last = 0;
    const onKeyDown = (e: KeyboardEvent) => {
      // A field that takes scans itself (serial numbers) keeps them.
      if (e.target instanceof Element && e.target.closest('[data-scan-own]')) return;
      const now = e.timeStamp || performance.now();
      const fast = now - last < gapMs;
      last = now;
      if (e.key === 'Enter' || e.key === 'Tab') {
        if (buffer.length >= minLength && fast) {
          e.preventDefault();
          e.stopPropagation();
          const code = buffer;
          buffer = '';
          handler.current(code);
          return;
        }
        buffer = '';
        return;
      }
      const ch = charOf(e);
      if (ch === null) return;
      buffer = fast ? buffer + ch : ch;
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled, minLength, gapMs]);
}

/** The character a key means on a US layout, whatever layout is active. */
export function charOf(e: Pick<KeyboardEvent, 'code' | 'key' | 'shiftKey'>): string | null {
  const { code } = e;
  if (/^Key[A-Z]$/.test(code)) return e.shiftKey ? code.slice(3) : code.slice(3).toLowerCase();
  if (/^Digit\d$/.test(code)) return code.slice(5);
  if (/^Numpad\d$/.test(code)) return code.slice(6);
  if (code === 'Minus' || code === 'NumpadSubtract') return '-';
  if (code === 'Period' || code === 'NumpadDecimal') return '.';
  if (code === 'Slash' || code === 'NumpadDivide') return '/';
  if (e.key.length === 1 && /[!-~]/.test(e.key)) return e.key;
  return null;
}

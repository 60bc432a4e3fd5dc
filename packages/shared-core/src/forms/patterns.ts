/** No `g` flag on purpose: a global RegExp keeps `lastIndex` and `test()` alternates true/false. */
const byte = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

export const patterns = {
  /** DD.MM.YYYY with a real day (01-31) and month (01-12). */
  date: /^(0[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])\.\d{4}$/,
  /** HH:mm, 24-hour. */
  time: /^([01]\d|2[0-3]):[0-5]\d$/,
  email: /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/,
  /** #rgb or #rrggbb. */
  hexColor: /^#([0-9a-f]{3}|[0-9a-f]{6})$/i,
  /** rgb(0-255, 0-255, 0-255). */
  rgbColor: new RegExp(`^rgb\\(\\s*${byte}\\s*,\\s*${byte}\\s*,\\s*${byte}\\s*\\)$`, 'i'),
} as const;

/** Seed §9: dialog transitions default to 300 ms. */
export const dialogTransitionMs = 300;

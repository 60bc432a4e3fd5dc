/** `X` is a digit slot; every other character is a literal. */
export const phoneMask = '+7 (XXX) XXX-XX-XX';
export const cardMask = 'XXXX XXXX XXXX XXXX';

/**
 * Fills the mask's digit slots with the digits of `digits`. Literals are written only while
 * digits remain, so deleting the last digit never leaves a dangling ") " the user cannot erase.
 */
export function applyMask(mask: string, digits: string): string {
  const source = digits.replace(/\D/g, '');
  let out = '';
  let next = 0;
  for (const char of mask) {
    if (next >= source.length) break;
    out += char === 'X' ? source[next++] : char;
  }
  return out;
}

/**
 * `+7 (900) 123-45-67` from whatever was typed or pasted: a leading 7 or 8 is the country code
 * (as in `+7…`, `8 900…` or an 11-digit paste), the remaining ten digits fill the mask.
 */
export function applyPhoneMask(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  // The mask writes +7 itself, so a typed or pasted country prefix (7 or 8) is dropped.
  if (/^[78]/.test(digits)) digits = digits.slice(1);
  return applyMask(phoneMask, digits.slice(0, 10));
}

export function applyCardMask(raw: string): string {
  return applyMask(cardMask, raw.replace(/\D/g, '').slice(0, 16));
}

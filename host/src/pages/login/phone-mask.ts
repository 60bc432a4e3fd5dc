import { applyPhoneMask } from '@repo/shared-core';

const digitsOf = (s: string) => s.replace(/\D/g, '');

/**
 * The mask +7 (XXX) XXX-XX-XX for an antd `Form.Item normalize`. A deletion that only removed a
 * mask character (Backspace right after ") " or "-") must also drop the digit before it, otherwise
 * re-masking puts the character back and Backspace seems to do nothing.
 */
export function normalizePhoneInput(value: string | undefined, prev: string | undefined): string {
  if (!value) return '';
  let next = value;
  if (prev && next.length < prev.length && digitsOf(next) === digitsOf(prev)) {
    next = next.replace(/\d(?=\D*$)/, '');
  }
  // Only the country code left: the user erased the number, so leave the field empty.
  if (digitsOf(next) === '7' && next.trim().startsWith('+')) return '';
  return applyPhoneMask(next);
}

import { applyCardMask, applyPhoneMask, cardMask, phoneMask } from '../masks';

describe('phone mask', () => {
  it('is +7 (XXX) XXX-XX-XX', () => {
    expect(phoneMask).toBe('+7 (XXX) XXX-XX-XX');
  });

  it.each([
    ['9001234567', '+7 (900) 123-45-67'],
    ['89001234567', '+7 (900) 123-45-67'],
    ['+7 900 123 45 67', '+7 (900) 123-45-67'],
    ['+7 (900) 123-45-6789', '+7 (900) 123-45-67'],
    ['9', '+7 (9'],
    ['+7 (900', '+7 (900'],
    ['+7 (9001', '+7 (900) 1'],
    ['+7 (7', '+7 (7'],
    ['', ''],
    ['+7 (', ''],
  ])('masks %p as %p', (raw, masked) => {
    expect(applyPhoneMask(raw)).toBe(masked);
  });

  it('is stable: masking a masked value changes nothing', () => {
    expect(applyPhoneMask(applyPhoneMask('9001234567'))).toBe('+7 (900) 123-45-67');
  });
});

describe('card mask', () => {
  it('is XXXX XXXX XXXX XXXX', () => {
    expect(cardMask).toBe('XXXX XXXX XXXX XXXX');
  });

  it.each([
    ['4276123456789012', '4276 1234 5678 9012'],
    ['4276-1234-5678-9012-55', '4276 1234 5678 9012'],
    ['42761', '4276 1'],
    ['4276', '4276'],
    ['abc', ''],
  ])('masks %p as %p', (raw, masked) => {
    expect(applyCardMask(raw)).toBe(masked);
  });
});

import { dialogTransitionMs, patterns } from '../patterns';

describe('form patterns', () => {
  it.each([
    ['date', ['05.06.2024', '31.12.1999', '01.01.2000'], ['5.6.2024', '32.01.2024', '01.13.2024', '2024-06-05', '05/06/2024']],
    ['time', ['00:00', '09:05', '23:59', '14:30'], ['24:00', '9:05', '12:60', '2:30 PM', '12:3']],
    ['email', ['ivan@example.ru', 'a.b+c@mail.co.uk'], ['ivan@', 'ivan.example.ru', 'iv an@example.ru', 'ivan@example', '@example.ru']],
    ['hexColor', ['#fff', '#FFFFFF', '#1a2B3c'], ['fff', '#ffff', '#12345', '#ggg', '#1234567']],
    ['rgbColor', ['rgb(0, 0, 0)', 'rgb(255,255,255)', 'rgb( 12 , 200 , 99 )'], ['rgb(256, 0, 0)', 'rgb(0, 0)', 'rgba(0, 0, 0, 1)', 'rgb(-1, 0, 0)', '(0, 0, 0)']],
  ] as const)('%s accepts the valid and refuses the invalid', (name, valid, invalid) => {
    const pattern = patterns[name];
    for (const value of valid) expect([value, pattern.test(value)]).toEqual([value, true]);
    for (const value of invalid) expect([value, pattern.test(value)]).toEqual([value, false]);
  });

  it('gives the same answer on repeated tests (no global flag state)', () => {
    expect([patterns.time.test('10:00'), patterns.time.test('10:00')]).toEqual([true, true]);
  });

  it('dialog transitions default to 300 ms', () => {
    expect(dialogTransitionMs).toBe(300);
  });
});

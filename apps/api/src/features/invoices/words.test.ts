import { describe, expect, it } from 'vitest';
import { amountInWords } from './invoices.service.ts';

describe('amountInWords (printed on invoices and credit notes)', () => {
  it.each([
    [1_23_45_678_50, 'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Fifty Paise Only'],
    [5_000_00, 'Rupees Five Thousand Only'],
    [1_00_000_00, 'Rupees One Lakh Only'],
    [10_00_00_000_00, 'Rupees Ten Crore Only'],
    [4_761_90, 'Rupees Four Thousand Seven Hundred Sixty One and Ninety Paise Only'],
    [1_01, 'Rupees One and One Paisa Only'],
    [1, 'One Paisa Only'],
    [99, 'Ninety Nine Paise Only'],
    [0, 'Rupees Zero Only'],
  ])('%i paise: %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });
});

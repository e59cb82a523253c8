// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  feePerSessionPence,
  formatMoney,
  formatReceiptNumber,
  monthlyPricePence,
  monthlyPriceText,
  vatSentence,
} from './money';

describe('the practice’s money', () => {
  it('writes prices with the practice’s sign', () => {
    expect(monthlyPriceText({ price: 240 })).toBe('£240/mo');
    expect(monthlyPriceText({ price: 99.5 })).toBe('£99.50/mo');
    expect(formatMoney(6000)).toBe('£60.00');
    expect(formatMoney(123456)).toBe('£1,234.56');
    expect(formatMoney(5)).toBe('£0.05');
  });

  it('makes the fee per session the monthly price over the sessions, in pence', () => {
    expect(feePerSessionPence({ price: 240, session: 4 })).toBe(6000);
    expect(feePerSessionPence({ price: 300, session: 2 })).toBe(15000);
    expect(feePerSessionPence({ price: 100, session: 3 })).toBe(3333);
    expect(monthlyPricePence({ price: 99.5 })).toBe(9950);
  });

  it('numbers receipts with four digits in the year', () => {
    expect(formatReceiptNumber(2026, 1)).toBe('MP-2026-0001');
    expect(formatReceiptNumber(2027, 12345)).toBe('MP-2027-12345');
  });

  it('says the practice’s VAT status on receipts: not registered unless set otherwise', () => {
    expect(vatSentence()).toBe(
      'Mindful Path Counselling is not registered for VAT: no VAT is charged.',
    );
    expect(
      vatSentence({
        status: 'exempt',
        basis: 'counselling by a registered health professional (HMRC VAT Notice 701/57).',
      }),
    ).toBe(
      'No VAT is charged: counselling by a registered health professional (HMRC VAT Notice 701/57).',
    );
    expect(vatSentence({ status: 'registered', number: ' GB123456789 ' }, 'A Practice')).toBe(
      'A Practice is registered for VAT: VAT registration number GB123456789.',
    );
  });
});

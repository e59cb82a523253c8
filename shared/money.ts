/**
 * The practice's money facts, for both sides: the currency, how an amount is written, the fee per
 * session of a service, the receipt numbers and the VAT sentence. Amounts are integer pence
 * everywhere; a price in service.json (pounds per month) becomes pence only here.
 */
import { practiceFacts, type VatStatus } from './practice.ts';
import type { Service } from './service.ts';

export const MONEY_FACTS = {
  /** ISO 4217, as Stripe takes it in lower case. */
  currency: 'GBP',
  currencySign: '£',
  locale: 'en-GB',
  /** Receipts are numbered MP-<year>-<4 digits>, with no gaps within a year. */
  receiptPrefix: 'MP',
} as const;

/** The VAT sentence on every receipt and credit note, from the practice's VAT status. */
export function vatSentence(
  vat: VatStatus = practiceFacts.vat,
  practiceName: string = practiceFacts.name,
): string {
  switch (vat.status) {
    case 'exempt':
      return `No VAT is charged: ${vat.basis.trim().replace(/\.$/, '')}.`;
    case 'registered':
      return `${practiceName} is registered for VAT: VAT registration number ${vat.number.trim()}.`;
    default:
      return `${practiceName} is not registered for VAT: no VAT is charged.`;
  }
}

/** "240" or "99.50": a service.json price as the services cards show it (no sign). */
function formatPlanPrice(pounds: number): string {
  return Number.isInteger(pounds) ? String(pounds) : pounds.toFixed(2);
}

/** "£240/mo": the spec's "Price: ${price}/mo" with the practice's currency sign. */
export function monthlyPriceText(service: Pick<Service, 'price'>): string {
  return `${MONEY_FACTS.currencySign}${formatPlanPrice(service.price)}/mo`;
}

/** "£60.00", "£0.50", "-£5.00" from pence. */
export function formatMoney(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  const pounds = Math.floor(abs / 100).toLocaleString(MONEY_FACTS.locale);
  return `${sign}${MONEY_FACTS.currencySign}${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** A plan's monthly price in pence (the amount a standing series' subscription charges). */
export function monthlyPricePence(service: Pick<Service, 'price'>): number {
  return Math.round(service.price * 100);
}

/** The fee for one session in pence: the monthly price ÷ sessions per month, rounded to a penny. */
export function feePerSessionPence(service: Pick<Service, 'price' | 'session'>): number {
  return Math.round((service.price * 100) / service.session);
}

export const isFree = (service: Pick<Service, 'price'>): boolean => service.price === 0;

/** "MP-2026-0001". */
export function formatReceiptNumber(
  year: number,
  sequence: number,
  prefix: string = MONEY_FACTS.receiptPrefix,
) {
  return `${prefix}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** The payment state every booking and series carries in the API (`"payment"`). */
export const PAYMENT_STATUSES = ['free', 'unpaid', 'paid', 'due', 'refunded'] as const;
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentState {
  status: PaymentStatus;
  /** ISO instant: for a series, the end of the period paid for. */
  paidUntil?: string;
}

/**
 * The payments API contract (/api/payments/**, /api/practice/payments/**): what the browser sends
 * and what the server answers. Amounts are integer pence; instants are ISO 8601 UTC strings. Both
 * sides validate with these schemas, so the check and the type cannot drift apart.
 */
import * as v from 'valibot';
import { PAYMENT_STATUSES } from './money';

/** `"payment"` on every booking and series in every list. */
export const PaymentStateSchema = v.object({
  status: v.picklist(PAYMENT_STATUSES),
  /** For a series: the end of the period paid for (ISO instant). */
  paidUntil: v.optional(v.string()),
  /**
   * In the practitioner's diary only: a confirmed, unpaid session or series starts within 48 hours
   * (she decides what to do; nothing is cancelled by itself).
   */
  unpaidSoon: v.optional(v.boolean()),
  /** Unpaid or due: what paying now costs, in pence (a session's fee, or a plan's month). */
  amount: v.optional(v.number()),
});
export type PaymentStateView = v.InferOutput<typeof PaymentStateSchema>;

/** The page the client pays from: Checkout's "Cancel and go back" returns there. */
const PaidFromSchema = v.optional(v.picklist(['bookings', 'billing']));

/** POST /api/payments/checkout: exactly one of the two ids; any amount sent is ignored. */
export const CheckoutRequestSchema = v.union([
  v.object({ seriesId: v.pipe(v.string(), v.minLength(1), v.maxLength(40)), from: PaidFromSchema }),
  v.object({
    bookingId: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
    from: PaidFromSchema,
  }),
]);
export type CheckoutRequest = v.InferInput<typeof CheckoutRequestSchema>;

/** 201 from POST /api/payments/checkout and POST /api/payments/portal: where to send the browser. */
export const RedirectSchema = v.object({ url: v.string() });

/** POST /api/account/receipt-links/revocation: links emailed before this instant no longer open. */
export const ReceiptLinksRevocationSchema = v.object({ revokedAt: v.string() });

/** The state of one payment (a Checkout payment or a subscription invoice). */
const PaymentRecordStatusSchema = v.picklist([
  /** Checkout started, not (yet) paid. */
  'pending',
  'paid',
  /** The card was declined or a renewal failed. */
  'failed',
  /** Some or all of it given back (see `refunded`). */
  'refunded',
]);

const PaymentSessionSchema = v.object({
  bookingId: v.string(),
  /** ISO instant. */
  start: v.string(),
});

/** A cancelled session of a series taken off the invoice that covers it. */
const CreditLineSchema = v.object({
  bookingId: v.nullable(v.string()),
  /** ISO instant of the cancelled session. */
  start: v.string(),
  /** Pence taken off (positive). */
  amount: v.number(),
});

/** One of the client's payments (GET /api/payments). */
const PaymentSchema = v.object({
  id: v.string(),
  /** Pence. */
  amount: v.number(),
  /** ISO 4217, upper case ("GBP"). */
  currency: v.string(),
  status: PaymentRecordStatusSchema,
  paidAt: v.nullable(v.string()),
  /** "MP-2026-0001"; null until paid. */
  receiptNumber: v.nullable(v.string()),
  sessions: v.array(PaymentSessionSchema),
  /** Pence refunded so far (0 when none). */
  refunded: v.number(),
  /** For a series' invoice: the series and the period it pays for. */
  seriesId: v.optional(v.nullable(v.string())),
  periodEnd: v.optional(v.nullable(v.string())),
  /**
   * For a series' invoice: cancelled sessions taken off it before it was charged (the billing
   * rule in shared/billing.ts: a month not yet invoiced is charged that much less).
   */
  credits: v.optional(v.array(CreditLineSchema)),
  /** Credit notes issued against it, with why (an automatic refund says so). */
  creditNotes: v.optional(
    v.array(
      v.object({
        id: v.string(),
        number: v.string(),
        amount: v.number(),
        at: v.string(),
        reason: v.optional(v.string()),
      }),
    ),
  ),
});
export type Payment = v.InferOutput<typeof PaymentSchema>;

const PlanStatusSchema = v.picklist([
  /** Confirmed, no subscription yet: "Set up monthly payment". */
  'unpaid',
  /** Paid to `paidUntil`. */
  'paid',
  /** A renewal failed: "Payment due". */
  'due',
  /** Cancelled at the end of the paid period (the series ended). */
  'ending',
  'ended',
]);
export type PlanStatus = v.InferOutput<typeof PlanStatusSchema>;

/** A standing series' monthly plan. */
const PlanSchema = v.object({
  seriesId: v.string(),
  status: PlanStatusSchema,
  paidUntil: v.nullable(v.string()),
  serviceName: v.optional(v.string()),
  /** Pence a month. */
  monthlyAmount: v.optional(v.number()),
  /** When the next payment is taken (null when none will be). */
  nextPaymentAt: v.optional(v.nullable(v.string())),
  /** The plan's subscription was cancelled in Stripe's Customer Portal (not by ending the series). */
  cancelledInPortal: v.optional(v.boolean()),
  /** Pence the next payment is less for sessions cancelled in a month not yet invoiced. */
  nextPaymentCredit: v.optional(v.number()),
});
export type Plan = v.InferOutput<typeof PlanSchema>;

/** GET /api/payments: the caller's own payments and plans. */
export const MyPaymentsSchema = v.object({
  payments: v.array(PaymentSchema),
  plans: v.array(PlanSchema),
});
export type MyPayments = v.InferOutput<typeof MyPaymentsSchema>;

/** One session a receipt covers. */
const ReceiptLineSchema = v.object({
  bookingId: v.string(),
  /** ISO instant. */
  start: v.string(),
  /** "Tuesday 3 March 2026", "18:00" (London). */
  date: v.string(),
  time: v.string(),
  minutes: v.number(),
  service: v.string(),
  /** Pence. */
  fee: v.number(),
});

/**
 * GET /api/payments/<id>: a receipt (or, for /api/payments/credit-notes/<id>, a credit note) with
 * everything an insurer asks for. The HTML page and the PDF show the same fields.
 */
export const ReceiptSchema = v.object({
  kind: v.picklist(['receipt', 'credit-note']),
  paymentId: v.string(),
  /** "MP-2026-0001" (a credit note: "MP-CN-2026-0001"). */
  number: v.string(),
  /** For a credit note: the receipt it corrects. */
  receiptNumber: v.optional(v.string()),
  /** ISO instant paid (or refunded). */
  date: v.string(),
  client: v.object({ name: v.string(), email: v.string(), address: v.nullable(v.string()) }),
  practitioner: v.object({
    name: v.string(),
    title: v.string(),
    professionalBody: v.string(),
    grade: v.string(),
    membershipNumber: v.string(),
  }),
  practice: v.object({ name: v.string(), address: v.string() }),
  sessions: v.array(ReceiptLineSchema),
  /** A series' invoice: cancelled sessions taken off it before it was charged. */
  credits: v.optional(v.array(v.object({ ...CreditLineSchema.entries, date: v.string() }))),
  /** Pence. */
  feePerSession: v.number(),
  total: v.number(),
  currency: v.string(),
  /** "visa", "4242"; null when the provider did not say. */
  card: v.nullable(v.object({ brand: v.string(), last4: v.string() })),
  vatSentence: v.string(),
  /** Pence refunded against this receipt so far. */
  refunded: v.number(),
  /** The PDF's path under /api. */
  pdfPath: v.string(),
});
export type Receipt = v.InferOutput<typeof ReceiptSchema>;

/** GET /api/practice/payments?month=YYYY-MM. */
export const PracticePaymentsQuerySchema = v.object({
  month: v.optional(
    v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Write the month as YYYY-MM.')),
  ),
});

const PracticePaymentSchema = v.object({
  ...PaymentSchema.entries,
  clientUid: v.string(),
  clientName: v.string(),
  clientEmail: v.string(),
});
export type PracticePayment = v.InferOutput<typeof PracticePaymentSchema>;

const PracticeRefundSchema = v.object({
  /** Why: "Session cancelled", "Paid twice: …", "Refunded in Stripe", … */
  reason: v.optional(v.string()),
  id: v.string(),
  paymentId: v.string(),
  creditNoteNumber: v.string(),
  amount: v.number(),
  at: v.string(),
  clientName: v.string(),
});

/** What is owed: a confirmed session or series without a payment, or a failed renewal. */
const PracticeDueSchema = v.object({
  clientUid: v.string(),
  clientName: v.string(),
  clientEmail: v.string(),
  bookingId: v.nullable(v.string()),
  seriesId: v.nullable(v.string()),
  /** Pence. */
  amount: v.number(),
  status: v.picklist(['unpaid', 'due']),
  /** The first session it is for (ISO instant). */
  start: v.string(),
});

/** Per client: totals for the month, pence. */
const PracticeClientTotalsSchema = v.object({
  clientUid: v.string(),
  clientName: v.string(),
  paid: v.number(),
  refunded: v.number(),
  due: v.number(),
});

export const PracticePaymentsSchema = v.object({
  month: v.string(),
  currency: v.string(),
  payments: v.array(PracticePaymentSchema),
  refunds: v.array(PracticeRefundSchema),
  due: v.array(PracticeDueSchema),
  clients: v.array(PracticeClientTotalsSchema),
  totals: v.object({ paid: v.number(), refunded: v.number(), due: v.number() }),
  /** Monthly plans the client cancelled in Stripe's Customer Portal (the series still stands). */
  cancelledPlans: v.optional(
    v.array(
      v.object({
        seriesId: v.string(),
        clientName: v.string(),
        status: v.picklist(['ending', 'ended']),
        /** ISO instant: the end of the period paid for. */
        paidUntil: v.nullable(v.string()),
      }),
    ),
  ),
});
export type PracticePayments = v.InferOutput<typeof PracticePaymentsSchema>;

/** POST /api/practice/payments/<id>/refund: nothing (the whole remaining amount) or pence. */
export const RefundRequestSchema = v.object({
  amount: v.optional(
    v.pipe(
      v.number('Give the amount in pence, as a whole number.'),
      v.integer('Give the amount in pence, as a whole number.'),
      v.minValue(1, 'Refund at least 1p.'),
    ),
  ),
});

/** 201 from the refund: the credit note. */
export const RefundCreatedSchema = v.object({
  id: v.string(),
  paymentId: v.string(),
  creditNoteNumber: v.string(),
  amount: v.number(),
  refundedTotal: v.number(),
});

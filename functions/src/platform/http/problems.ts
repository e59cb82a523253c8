import type { Problem } from '../../../../shared/booking';
import { SECOND_FACTOR_PROBLEMS } from '../../../../shared/second-factor';
import type { ApiResponse } from './types';

/** An error answer (RFC 9457) thrown from anywhere in a handler and sent as it is. */
export class ProblemError extends Error {
  constructor(
    readonly problem: Problem,
    readonly headers: Record<string, string> = {},
  ) {
    super(problem.title);
  }
}

const problem = (status: number, slug: string, title: string) => (detail: string) =>
  new ProblemError({ type: `/api/problems/${slug}`, title, status, detail });

export const problems = {
  invalidInput: problem(400, 'invalid-input', 'The request is not valid'),
  unprocessable: problem(422, 'invalid-input', 'The request is not valid'),
  notSignedIn: problem(401, 'not-signed-in', 'Sign in to continue'),
  signInAgain: problem(403, 'sign-in-again', 'Confirm it is you'),
  emailNotVerified: problem(403, 'email-not-verified', 'Verify your email address first'),
  notYours: problem(403, 'not-yours', 'This booking is not yours'),
  notPractitioner: problem(403, 'not-practitioner', 'Only the practitioner may do this'),
  secondFactorRequired: problem(403, 'second-factor-required', SECOND_FACTOR_PROBLEMS.title),
  freshPasskeyRequired: problem(403, 'fresh-passkey-required', SECOND_FACTOR_PROBLEMS.title),
  passkeyRefused: problem(400, 'passkey-refused', 'The passkey was not accepted'),
  enrolmentRequired: problem(403, 'enrolment-required', 'Use your enrolment link'),
  lastPasskey: problem(409, 'last-passkey', 'This is your last passkey'),
  notFound: problem(404, 'not-found', 'Not found'),
  slotTaken: problem(409, 'slot-taken', 'This time is no longer free'),
  wrongStatus: problem(409, 'wrong-status', 'The booking has already changed'),
  reviewOutOfDate: problem(409, 'review-out-of-date', 'The notes changed since your review'),
  recordRetained: problem(409, 'record-retained', 'This record is retained and read-only'),
  outsideRules: problem(422, 'outside-booking-rules', 'This is outside the booking rules'),
  tooManyRequests: problem(429, 'too-many-requests', 'Too many open requests'),
  bodyTooLarge: problem(413, 'body-too-large', 'The request body is too large'),
  alreadyPaid: problem(409, 'already-paid', 'This is already paid'),
  triedAgainFailed: problem(409, 'tried-again-failed', 'Tried again, and it failed'),
  checkoutOpening: problem(409, 'checkout-opening', 'A payment page is being opened'),
  notPayable: problem(422, 'not-payable', 'Nothing is owed for this'),
  refundTooLarge: problem(422, 'refund-too-large', 'The refund is more than was paid'),
  badSignature: problem(400, 'bad-signature', 'The webhook signature does not match'),
  identityUnavailable: problem(503, 'identity-unavailable', 'The sign-in service did not answer'),
  paymentsUnavailable: problem(503, 'payments-unavailable', 'Card payments are not set up'),
  paymentProvider: problem(502, 'payment-provider', 'The card payment service did not answer'),
  paymentProviderRefused: problem(
    409,
    'payment-provider-refused',
    'The card payment service refused this',
  ),
  paymentProviderSilent: problem(
    503,
    'payment-provider-silent',
    'The card payment service did not answer in time',
  ),
};

export function methodNotAllowed(allowed: readonly string[]): ProblemError {
  return new ProblemError(
    {
      type: '/api/problems/method-not-allowed',
      title: 'Method not allowed',
      status: 405,
      detail: `Use ${allowed.join(' or ')} here.`,
    },
    { allow: allowed.join(', ') },
  );
}

export const internalError = () =>
  new ProblemError({
    type: '/api/problems/internal',
    title: 'Something went wrong on our side',
    status: 500,
    detail: 'Please try again in a minute. If it keeps happening, email or phone the practice.',
  });

export function problemResponse(error: ProblemError): ApiResponse {
  return {
    status: error.problem.status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8', ...error.headers },
    body: error.problem,
  };
}

/**
 * The therapy agreement a client gives before the first session, with its version. The server
 * answers it at GET /api/agreement and refuses an older version; the intake page shows it
 * (src/content/agreement.ts). A changed text gets a new version: clients are asked again.
 *
 * Each service's terms (how long its sessions are, who comes, what a late cancellation costs) are
 * built from public/service.json, the refund rule and the fee per session, so a changed service
 * changes the agreement; shared/agreement.test.ts holds the text to the version.
 */
import serviceList from '../public/service.json' with { type: 'json' };
import { BOOKING_RULES, hoursText, refundPence, type BookingRules } from './booking-rules';
import { CLINICAL_RULES } from './clinical-rules';
import { feePerSessionPence, formatMoney, isFree } from './money';
import { practiceFacts } from './practice';
import { parseServices, type Service } from './service';

export const AGREEMENT_PARTS = ['treatment', 'confidentiality', 'cancellation'] as const;
export type AgreementPart = (typeof AGREEMENT_PARTS)[number];

interface AgreementSection {
  part: AgreementPart;
  heading: string;
  paragraphs: readonly string[];
  /** What the client ticks to agree to this part. */
  consent: string;
}

const WHO_COMES: Record<NonNullable<Service['attendees']>, string> = {
  individual: 'for me alone',
  couple: 'for my partner and me together',
  family: 'for my family together',
};

/**
 * One service's terms in the agreement's words (the client speaks): its sessions' length and who
 * comes, and what a session cancelled late or missed costs under refundPence.
 */
export function serviceTerms(
  service: Pick<Service, 'name' | 'minutes' | 'attendees' | 'price' | 'session'>,
  rules: BookingRules = BOOKING_RULES,
) {
  const feePence = feePerSessionPence(service);
  const fee = formatMoney(feePence);
  const notice = hoursText(rules.clientCancelNoticeHours);
  const startsAt = new Date(0);
  // The latest a cancellation can be and still be late: one moment inside the notice period.
  const lateRefund = refundPence(
    {
      cancelledBy: 'client',
      startsAt,
      cancelledAt: new Date(startsAt.getTime() - rules.clientCancelNoticeHours * 3_600_000 + 1),
      feePence,
      paidPence: feePence,
    },
    rules,
  );
  const cost =
    lateRefund === 0
      ? `is not refunded: I pay its fee of ${fee}`
      : `is refunded ${formatMoney(lateRefund)} of its fee of ${fee}`;
  return {
    sessions: `${service.name}: sessions of ${service.minutes} minutes, ${WHO_COMES[service.attendees ?? 'individual']}.`,
    lateCancellation: `${service.name}: a session I cancel less than ${notice} before it starts, or miss, ${cost}.`,
  };
}

/** The agreement for a list of services (the paid ones: the free call is before any agreement). */
export function buildAgreement(services: readonly Service[], rules: BookingRules = BOOKING_RULES) {
  const notice = hoursText(rules.clientCancelNoticeHours);
  const terms = services.filter((service) => !isFree(service)).map((s) => serviceTerms(s, rules));
  return {
    version: AGREEMENT_VERSION,
    sections: [
      {
        part: 'treatment',
        heading: 'Consent to counselling',
        paragraphs: [
          `I am choosing to have counselling or psychotherapy with ${practiceFacts.practitioner} of ${practiceFacts.name}. We will review how things are going together, and I may end the work at any time.`,
          'Sessions last as long as the service I book says:',
          ...terms.map((term) => term.sessions),
          'Before my first session and every fourth session after it, I will be asked to fill in short questionnaires about how I have been, so that we can follow my progress together.',
        ],
        consent: 'I consent to counselling on these terms.',
      },
      {
        part: 'confidentiality',
        heading: 'Confidentiality and its limits',
        paragraphs: [
          'What I say in sessions, and what I write in my intake and questionnaires, is kept confidential. Only the practitioner reads it, and each time she does, it is recorded.',
          'Confidentiality has limits. The practitioner may need to share information without my consent: if she believes there is a risk of serious harm to me or to someone else; if a court orders it; or where the law requires it, such as information about terrorism under the Terrorism Act 2000.',
          'The practitioner discusses her work in clinical supervision, as her professional body requires. She does so anonymously: my name and details that could identify me are not shared.',
          `My clinical record is kept for ${CLINICAL_RULES.retentionYears} years after my last session, as the professional bodies advise, and then deleted. I can ask for a copy of everything held about me at any time.`,
        ],
        consent: 'I understand confidentiality and its limits.',
      },
      {
        part: 'cancellation',
        heading: 'Cancellations',
        paragraphs: [
          `I can cancel a session in My bookings until ${notice} before it starts. What a session cancelled later than that, or missed, costs:`,
          ...terms.map((term) => term.lateCancellation),
          'A session the practice cancels is always refunded.',
        ],
        consent: `I agree to the ${notice} cancellation terms.`,
      },
    ] satisfies AgreementSection[],
  };
}

/** Bumped whenever the agreement's text changes (shared/agreement.test.ts says when). */
const AGREEMENT_VERSION = '2026-11-2';

export const AGREEMENT = buildAgreement(parseServices(serviceList).services);

/** The agreement as plain text, for GET /api/agreement and the client's copy of their data. */
export const agreementText = (): string =>
  AGREEMENT.sections
    .map(
      (section) => `${section.heading}\n\n${section.paragraphs.join('\n\n')}\n\n${section.consent}`,
    )
    .join('\n\n');

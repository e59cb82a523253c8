/**
 * The therapy agreement a client gives before the first session, with its version. The server
 * answers it at GET /api/agreement and refuses an older version; the intake page shows it
 * (src/content/agreement.ts). A changed text gets a new version: clients are asked again.
 */
import { BOOKING_RULES, hoursText } from './booking-rules';
import { practiceFacts } from './practice';

export const AGREEMENT_PARTS = ['treatment', 'confidentiality', 'cancellation'] as const;
export type AgreementPart = (typeof AGREEMENT_PARTS)[number];

export interface AgreementSection {
  part: AgreementPart;
  heading: string;
  paragraphs: readonly string[];
  /** What the client ticks to agree to this part. */
  consent: string;
}

const notice = hoursText(BOOKING_RULES.clientCancelNoticeHours);

export const AGREEMENT = {
  version: '2026-11-1',
  sections: [
    {
      part: 'treatment',
      heading: 'Consent to counselling',
      paragraphs: [
        `I am choosing to have counselling or psychotherapy with ${practiceFacts.practitioner} of ${practiceFacts.name}. Sessions last 50 minutes. We will review how things are going together, and I may end the work at any time.`,
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
        'My clinical record is kept for 7 years after my last session, as the professional bodies advise, and then deleted. I can ask for a copy of everything held about me at any time.',
      ],
      consent: 'I understand confidentiality and its limits.',
    },
    {
      part: 'cancellation',
      heading: 'Cancellations',
      paragraphs: [
        `I can cancel a session in My bookings until ${notice} before it starts. A session cancelled later than that, or missed, may be charged in full.`,
      ],
      consent: `I agree to the ${notice} cancellation terms.`,
    },
  ] satisfies AgreementSection[],
} as const;

/** The agreement as plain text, for GET /api/agreement and the client's copy of their data. */
export const agreementText = (): string =>
  AGREEMENT.sections
    .map(
      (section) => `${section.heading}\n\n${section.paragraphs.join('\n\n')}\n\n${section.consent}`,
    )
    .join('\n\n');

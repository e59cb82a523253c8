import {
  ACCESS_REQUEST_PERIOD,
  RETENTION_SENTENCE,
  RETENTION_SENTENCES,
} from '../../shared/retention';
import { practiceAddressLine, practiceFacts } from '../../shared/practice';

/** One part of the privacy notice: a heading, then paragraphs or a list. */
export interface PrivacySection {
  heading: string;
  paragraphs?: readonly string[];
  list?: readonly string[];
}

const { name, practitioner, email, phone, videoHost } = practiceFacts;

/**
 * The privacy notice (/privacy), as UK GDPR Articles 13 and 14 ask: who the controller is, what is
 * collected and why, the lawful bases, who sees it, how long it is kept and the person's rights.
 * How long each kind is kept comes from the one retention schedule (shared/retention.ts).
 */
export const privacy = {
  heading: 'Privacy notice',
  intro: `This notice says what ${name} collects about you, why, who sees it, how long it is kept and what you can ask for. It applies to this website, your account and your sessions.`,
  sections: [
    {
      heading: 'Who is responsible for your information',
      paragraphs: [
        `${practitioner}, trading as ${name}, ${practiceAddressLine}, is the controller of your personal information: she decides how it is used and is responsible for keeping it safe.`,
      ],
    },
    {
      heading: 'What we collect',
      list: [
        'Your account: your name, email address and password (the password is held by Google Firebase Authentication, never by the practice in readable form).',
        'Your bookings: the sessions you request, move or cancel, and any note you add to a request.',
        'Your intake, before the first session: date of birth, home address, phone number, your GP’s name and surgery, and an emergency contact.',
        'Your questionnaire answers (PHQ-9, GAD-7 and CORE-10) and their scores.',
        'The practitioner’s session notes, attendance and what she did after a risk answer.',
        'Your agreement to the therapy terms: which version, when, and from which page and browser.',
        'Payments: what was paid, refunded or is due, and receipts. Card payments are taken by Stripe: the practice never sees or keeps your card number.',
      ],
    },
    {
      heading: 'Why we use it, and the law that allows it',
      paragraphs: [
        'We use your information to arrange and provide your counselling, to take payment and to keep the clinical record the professional bodies require.',
        'Your account, bookings and payments are needed for the contract between you and the practice: UK GDPR Article 6(1)(b).',
        'Your intake, questionnaires and session notes are health information, a special category of data. We use them to provide health care by a health professional bound by confidentiality: UK GDPR Article 9(2)(h), with the Data Protection Act 2018, Schedule 1, Part 1, paragraph 2.',
      ],
    },
    {
      heading: 'Who sees it',
      paragraphs: [
        `Only the practitioner, ${practitioner}, reads your intake, questionnaires and notes, and every time she does it is recorded; you can see that record in your data. Confidentiality has limits, explained in the therapy agreement: a risk of serious harm, a court order, or where the law requires it.`,
        'Services that hold information for the practice, under contracts that let them use it only on her instructions: Google (Firebase and Google Cloud: accounts, the website and the database), Stripe (card payments) and the practice’s email provider (the emails the site sends you).',
        `Video sessions meet on Jitsi Meet at ${videoHost.address}, run for the practice by ${videoHost.operator} as a processor: it carries the call (your picture and voice, and the address you join from) while it lasts; the practice records nothing of it.`,
      ],
    },
    {
      heading: 'How long it is kept',
      list: RETENTION_SENTENCES,
    },
    {
      heading: 'If you delete your account',
      paragraphs: [
        `${RETENTION_SENTENCE} Everything else about you is deleted at once, and the links to receipts in our emails stop working.`,
      ],
    },
    {
      heading: 'Your rights',
      list: [
        `Access: see and download everything you gave us or we sent you at any time, with “Download my data” on your account page. Ask there for your session notes too: the practitioner reviews them and releases them within ${ACCESS_REQUEST_PERIOD}, saying if any passage is withheld under an exemption of the Data Protection Act 2018 (serious harm, another person’s information).`,
        'Rectification: correct your details on your account page and in your intake, or ask the practitioner.',
        `Erasure: delete your account from your account page. The clinical record is then kept only as long as stated above.`,
        'Objection and restriction: ask the practice to stop or limit a use of your information.',
        'Complaint: you can complain to the Information Commissioner’s Office (ICO), the UK regulator, at ico.org.uk or on 0303 123 1113. Please tell us first, so we can try to put it right.',
      ],
    },
    {
      heading: 'How to contact us',
      paragraphs: [
        `Email ${email}, phone ${phone.display}, or write to ${name}, ${practiceAddressLine}. We answer a request about your information within ${ACCESS_REQUEST_PERIOD}.`,
      ],
    },
  ] satisfies PrivacySection[] as readonly PrivacySection[],
};

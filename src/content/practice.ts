import { practiceFacts } from '../../shared/practice.ts';

/**
 * The practice as the site presents it: its facts (name, address, contact, hours: shared/practice.ts,
 * which the API reads too) with the browser's own words about it (degrees, tagline, footer text).
 * The footer, page titles and structured data read them here.
 */

export const practice = {
  ...practiceFacts,
  degrees: [
    'B.Sc. (Hons) in Psychology, University of Bristol',
    'M.Sc. in Counselling Psychology, University of Bath',
  ],
  tagline: 'Confidential counselling and psychotherapy for individuals, couples and families.',
  description:
    'Mindful Path Counselling offers confidential counselling and psychotherapy in Bristol and online: individual therapy, couples counselling, cognitive behavioural therapy and more.',
  copyrightYear: 2022,
  crisisNote:
    'If you are in crisis or feel unsafe right now, please call your local emergency number (999 in the UK) or go to your nearest emergency department. You can also call Samaritans, free, day or night, on 116 123. This practice cannot respond to emergencies.',
  footerAbout:
    'A calm, confidential space to talk. We work with adults, couples and families, in person in Bristol and online, at a pace that suits you.',
} as const;

export const notFound = {
  heading: '404 Page Not Found',
  text: 'The page you were looking for is not here. It may have moved, or the address may be mistyped.',
  homeLink: 'Go to the home page',
} as const;

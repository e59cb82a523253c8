/**
 * The practice's own words: name, title, degrees, address, contact, hours. The footer, page
 * titles and structured data read them here; each page's own text is in its module beside this.
 */

export type DayOfWeek =
  'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

export interface OpeningHours {
  /** What the footer shows in the first column. */
  label: string;
  days: readonly DayOfWeek[];
  /** 24-hour "HH:MM"; a closing time earlier than the opening time runs past midnight. */
  opens: string;
  closes: string;
  /** What the footer shows in the second column. */
  display: string;
}

export const practice = {
  name: 'Mindful Path Counselling',
  shortName: 'Mindful Path',
  practitioner: 'Dr. Amara Rahman',
  title: 'Counselling Psychologist and Psychotherapist',
  degrees: [
    'B.Sc. (Hons) in Psychology, University of Bristol',
    'M.Sc. in Counselling Psychology, University of Bath',
  ],
  tagline: 'Confidential counselling and psychotherapy for individuals, couples and families.',
  description:
    'Mindful Path Counselling offers confidential counselling and psychotherapy in Bristol and online: individual therapy, couples counselling, cognitive behavioural therapy and more.',
  address: {
    street: '24 Queen Square',
    locality: 'Bristol',
    postalCode: 'BS1 4ND',
    country: 'GB',
  },
  email: 'hello@mindfulpath.example',
  phone: { display: '0117 496 0321', international: '+441174960321' },
  openingHours: [
    {
      label: 'Mon-Thu',
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'],
      opens: '08:00',
      closes: '21:00',
      display: '8am-9pm',
    },
    {
      label: 'Fri-Sat',
      days: ['Friday', 'Saturday'],
      opens: '08:00',
      closes: '01:00',
      display: '8am-1am',
    },
    { label: 'Sunday', days: ['Sunday'], opens: '09:00', closes: '22:00', display: '9am-10pm' },
  ] satisfies readonly OpeningHours[],
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

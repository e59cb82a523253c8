/**
 * The practice's own words. Edit here: the navbar, footer, pages, structured data and
 * page titles all read from this one module.
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

export interface Slide {
  title: string;
  text: string;
  image: string;
  alt: string;
}

export interface Feature {
  title: string;
  text: string;
  icon: 'user' | 'lock' | 'academic';
}

export interface BlogEntry {
  id: string;
  question: string;
  answer: readonly string[];
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

export const slides: readonly Slide[] = [
  {
    title: 'A professional therapist by your side',
    text: 'Qualified, registered and experienced: someone who listens without judgement.',
    image: 'banner-therapist',
    alt: 'A quiet consulting room with two armchairs facing each other in soft window light',
  },
  {
    title: 'Help with mental health problems',
    text: 'Support for anxiety, low mood, stress, grief and the worries that are hard to name.',
    image: 'banner-mental-health',
    alt: 'A figure standing on a hill as a small grey cloud gives way to sunlight',
  },
  {
    title: 'Cognitive behavioural therapy',
    text: 'Practical, evidence-based tools to change the patterns that keep you stuck.',
    image: 'banner-cbt',
    alt: 'Three connected circles for thoughts, feelings and behaviours beside an open notebook',
  },
];

export const features = {
  heading: 'Why people choose us',
  items: [
    {
      title: 'Personalized',
      text: 'Every plan starts from your story, your goals and your pace, never from a script.',
      icon: 'user',
    },
    {
      title: 'Private',
      text: 'What you share stays between us, under a clear confidentiality agreement.',
      icon: 'lock',
    },
    {
      title: 'Professional',
      text: 'Accredited training, regular clinical supervision and a code of ethics you can read.',
      icon: 'academic',
    },
  ] satisfies readonly Feature[],
  assessment: {
    // The spec's exact words.
    heading: 'Star with a basic Assesment',
    intro: 'A free 20-minute call to talk about what brings you here and which kind of help fits.',
    cta: 'Get Started',
    offers: ['Online therapy for individuals', 'Online therapy for couples', 'Online Coaching'],
  },
} as const;

export const about = {
  heading: 'About Me',
  photoAlt: 'Portrait of Dr. Amara Rahman, smiling, in a green cardigan',
  name: practice.practitioner,
  role: practice.title,
  bio: [
    'I am a counselling psychologist with more than ten years of practice with adults, couples and families. I trained in cognitive behavioural and person-centred therapy, and I work in a warm, practical way: we agree on what you want to change and check together that it is changing.',
    'Outside the consulting room I am learning web development. I built this site myself, and my aim is to become a full-stack developer, so that the tools people use to find help are as careful and kind as the help itself.',
  ],
} as const;

export const blog = {
  heading: 'Read My Blogs',
  entries: [
    {
      id: 'authentication-vs-authorization',
      question: 'What is the difference between authentication and authorization?',
      answer: [
        'Authentication answers the question "who are you?". When you sign in with your email and password, or with your Google account, the site checks that you really are the owner of that account. The result is an identity: a user id, an email address, and whether that address has been verified.',
        'Authorization answers a different question: "what may you do?". It takes the identity that authentication established and decides what it is allowed to see or change. On this site every page is open to everyone, but the checkout is authorized only for a signed-in visitor whose email address is verified.',
        'The order matters: authorization always depends on authentication, never the other way round. A useful way to remember it is a hotel: showing your passport at the desk is authentication; the key card that opens only your own room is authorization.',
      ],
    },
    {
      id: 'why-firebase',
      question: 'Why did I choose Firebase for authentication, and what are the alternatives?',
      answer: [
        'Handling passwords well is hard: they must be hashed with a slow algorithm, reset links must expire, sign-in attempts must be rate-limited, and sessions must be refreshed safely. Firebase Authentication does all of this as a hosted service, so a small practice does not have to run or secure its own login server.',
        'It also gives me email verification, password reset emails and Google sign-in out of the box, an official JavaScript SDK that keeps the session across reloads and tabs, a generous free tier, and a local emulator, so that every test of this site runs against a real authentication server without touching real accounts.',
        'The main alternatives are other hosted identity services, such as Auth0, Amazon Cognito, Supabase Auth, Clerk and Microsoft Entra ID, and self-hosted or library options, such as Keycloak, or Passport.js and Auth.js on your own server. Those give more control over data location and customisation, at the price of more work to build, run and keep secure.',
      ],
    },
    {
      id: 'other-firebase-services',
      question: 'What other services does Firebase offer besides authentication?',
      answer: [
        'Firebase is a whole platform for building apps. For data there are Cloud Firestore, a document database that syncs in real time, the older Realtime Database, and Cloud Storage for files such as images and documents.',
        'To run and deliver code there are Firebase Hosting, a global CDN for static sites like this one, App Hosting for server-rendered web apps, and Cloud Functions for back-end code that runs on events or HTTP requests. App Check protects those back ends from abuse.',
        'To improve an app there are Analytics, Crashlytics, Performance Monitoring, Remote Config and A/B Testing, and Cloud Messaging for push notifications. Firebase also includes Genkit and AI Logic for building features on top of generative AI models.',
      ],
    },
  ] satisfies readonly BlogEntry[],
} as const;

export const notFound = {
  heading: '404 Page Not Found',
  text: 'The page you were looking for is not here. It may have moved, or the address may be mistyped.',
  homeLink: 'Go to the home page',
} as const;

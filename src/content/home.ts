/** The home page's words: banner slides, features and the assessment panel. */

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
    // Get Started books the free call; this is the way to the paid plans.
    servicesLink: 'See the services and prices',
    offers: ['Online therapy for individuals', 'Online therapy for couples', 'Online Coaching'],
  },
} as const;

import { practice } from './practice';

/** The About Me page. */
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

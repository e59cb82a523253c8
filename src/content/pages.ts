import { practice } from './practice';

export interface PageMeta {
  title: string;
  description: string;
  /** Whether search engines may index the page. */
  indexable: boolean;
}

/** Title and description of every route, keyed by its path; used by the prerender and the client. */
export const pageMeta = {
  '/': {
    title: `${practice.name} | Counselling and psychotherapy in Bristol and online`,
    description: practice.description,
    indexable: true,
  },
  '/about': {
    title: `About ${practice.practitioner} | ${practice.name}`,
    description: `${practice.practitioner}, ${practice.title}: training, approach and how sessions work.`,
    indexable: true,
  },
  '/blogs': {
    title: `Blog | ${practice.name}`,
    description:
      'Answers on authentication and authorization, why this site uses Firebase, and what else Firebase offers.',
    indexable: true,
  },
  '/login': {
    title: `Log in | ${practice.name}`,
    description: `Log in to your ${practice.name} account to book a session.`,
    indexable: false,
  },
  '/register': {
    title: `Register | ${practice.name}`,
    description: `Create a ${practice.name} account to book counselling sessions.`,
    indexable: false,
  },
  '/checkout': {
    title: `Checkout | ${practice.name}`,
    description: `Book your counselling sessions with ${practice.name}.`,
    indexable: false,
  },
  notFound: {
    title: `Page not found | ${practice.name}`,
    description: 'This page does not exist.',
    indexable: false,
  },
} satisfies Record<string, PageMeta>;

export function metaForPath(pathname: string): PageMeta {
  const path = pathname === '/home' ? '/' : pathname.replace(/(.)\/+$/, '$1');
  return path in pageMeta && path !== 'notFound'
    ? pageMeta[path as Exclude<keyof typeof pageMeta, 'notFound'>]
    : pageMeta.notFound;
}

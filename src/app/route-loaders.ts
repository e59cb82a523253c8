import type { ComponentType } from 'react';
import { paths } from '../config/paths';

type PageModule = { default: ComponentType };

/** Each page's code-split chunk. Kept free of React so the boot script can start the download. */
export const routeLoaders = {
  home: () => import('./routes/home'),
  about: () => import('./routes/about'),
  blogs: () => import('./routes/blogs'),
  login: () => import('./routes/login'),
  register: () => import('./routes/register'),
  checkout: () => import('./routes/checkout'),
  notFound: () => import('./routes/not-found'),
} satisfies Record<string, () => Promise<PageModule>>;

export type PageName = keyof typeof routeLoaders;

export function pageNameForPath(pathname: string): PageName {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  switch (path) {
    case paths.root:
    case paths.home:
      return 'home';
    case paths.about:
      return 'about';
    case paths.blogs:
      return 'blogs';
    case paths.login:
      return 'login';
    case paths.register:
      return 'register';
    case paths.checkout:
      return 'checkout';
    default:
      return 'notFound';
  }
}

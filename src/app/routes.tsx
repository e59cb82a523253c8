import { Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { lazyPage, type LazyPage } from './lazy-page';
import { Layout } from './layout';

export const pages = {
  home: lazyPage(() => import('./routes/home')),
  about: lazyPage(() => import('./routes/about')),
  blogs: lazyPage(() => import('./routes/blogs')),
  login: lazyPage(() => import('./routes/login')),
  register: lazyPage(() => import('./routes/register')),
  checkout: lazyPage(() => import('./routes/checkout')),
  notFound: lazyPage(() => import('./routes/not-found')),
} satisfies Record<string, LazyPage>;

type PageName = keyof typeof pages;

function pageNameForPath(pathname: string): PageName {
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

/** Which page a pathname shows; the client preloads it before hydrating the prerendered HTML. */
export function pageForPath(pathname: string): LazyPage {
  return pages[pageNameForPath(pathname)];
}

const ROUTE_MODULES: Record<PageName, string> = {
  home: 'src/app/routes/home.tsx',
  about: 'src/app/routes/about.tsx',
  blogs: 'src/app/routes/blogs.tsx',
  login: 'src/app/routes/login.tsx',
  register: 'src/app/routes/register.tsx',
  checkout: 'src/app/routes/checkout.tsx',
  notFound: 'src/app/routes/not-found.tsx',
};

/** The source module of a path's page, as Vite's build manifest names it (prerender only). */
export function routeModuleFor(pathname: string): string {
  return ROUTE_MODULES[pageNameForPath(pathname)];
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<pages.home.Page />} />
        <Route path={paths.home} element={<pages.home.Page />} />
        <Route path={paths.about} element={<pages.about.Page />} />
        <Route path={paths.blogs} element={<pages.blogs.Page />} />
        <Route path={paths.login} element={<pages.login.Page />} />
        <Route path={paths.register} element={<pages.register.Page />} />
        <Route path={paths.checkout} element={<pages.checkout.Page />} />
        <Route path="*" element={<pages.notFound.Page />} />
      </Route>
    </Routes>
  );
}

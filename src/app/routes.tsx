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

/** Which page a pathname shows; the client preloads it before hydrating the prerendered HTML. */
export function pageForPath(pathname: string): LazyPage {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  switch (path) {
    case paths.root:
    case paths.home:
      return pages.home;
    case paths.about:
      return pages.about;
    case paths.blogs:
      return pages.blogs;
    case paths.login:
      return pages.login;
    case paths.register:
      return pages.register;
    case paths.checkout:
      return pages.checkout;
    default:
      return pages.notFound;
  }
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

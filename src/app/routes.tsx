import { Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { lazyPage, type LazyPage } from './lazy-page';
import { Layout } from './layout';
import { pageNameForPath, routeLoaders, type PageName } from './route-loaders';

export const pages = {
  home: lazyPage(routeLoaders.home),
  about: lazyPage(routeLoaders.about),
  blogs: lazyPage(routeLoaders.blogs),
  login: lazyPage(routeLoaders.login),
  register: lazyPage(routeLoaders.register),
  checkout: lazyPage(routeLoaders.checkout),
  notFound: lazyPage(routeLoaders.notFound),
} satisfies Record<PageName, LazyPage>;

/** Which page a pathname shows; the client preloads it before hydrating the prerendered HTML. */
export function pageForPath(pathname: string): LazyPage {
  return pages[pageNameForPath(pathname)];
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

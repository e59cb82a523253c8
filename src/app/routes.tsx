import { Route, Routes } from 'react-router';
import { pathsOf, routeTable, pageNameForPath, type PageName } from '../config/routes';
import { lazyPage, type LazyPage } from './lazy-page';
import { Layout } from './layout';
import { loadPage } from './route-loaders';

const names = Object.keys(routeTable) as PageName[];

export const pages = Object.fromEntries(
  names.map((name) => [name, lazyPage(() => loadPage(name))]),
) as Record<PageName, LazyPage>;

/** Which page a pathname shows; the client preloads it before hydrating the prerendered HTML. */
export function pageForPath(pathname: string): LazyPage {
  return pages[pageNameForPath(pathname)];
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {names.flatMap((name) => {
          const { Page } = pages[name];
          const entry = routeTable[name];
          if (entry.path === '*') return [<Route key={name} path="*" element={<Page />} />];
          const shown = [...pathsOf(entry), ...('withId' in entry ? [`${entry.path}/:id`] : [])];
          return shown.map((path) => <Route key={path} path={path} element={<Page />} />);
        })}
      </Route>
    </Routes>
  );
}

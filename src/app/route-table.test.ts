import {
  normalisePath,
  pageNameForPath,
  paths,
  prerenderedPaths,
  routeTable,
  sitemapPaths,
  unknownPath,
} from '../config/routes';
import { pageModuleFiles } from './route-loaders';

describe('the route table', () => {
  it('names a module that exists for every page, and every module is a page', () => {
    const named = Object.values(routeTable).map((entry) => `./routes/${entry.module}.tsx`);
    expect([...named].sort()).toEqual([...pageModuleFiles].sort());
  });

  it('treats a trailing slash as the same page', () => {
    expect(normalisePath('/about/')).toBe('/about');
    expect(normalisePath('/about//')).toBe('/about');
    expect(normalisePath('/')).toBe('/');
    expect(pageNameForPath('/blogs/')).toBe('blogs');
  });

  it('shows home at / and /home, and the not-found page anywhere else', () => {
    expect(pageNameForPath('/')).toBe('home');
    expect(pageNameForPath(paths.home)).toBe('home');
    expect(pageNameForPath(unknownPath)).toBe('notFound');
    expect(pageNameForPath('/about/extra')).toBe('notFound');
  });

  it('prerenders every page but the catch-all, and lists only indexable pages for search', () => {
    expect(prerenderedPaths).toContain('/');
    expect(prerenderedPaths).toContain(paths.home);
    expect(prerenderedPaths).not.toContain('*');
    expect(sitemapPaths).toEqual(['/', paths.about, paths.privacy, paths.blogs]);
  });
});

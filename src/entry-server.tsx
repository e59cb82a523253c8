import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { pageOpensOnStoredSession } from './app/page-reads';
import { AppRoutes, pages } from './app/routes';
import { config } from './config/env';
import { isContentPath, routeForPath } from './config/routes';

export type IdentityScripts = 'none' | 'hinted' | 'stored' | 'always';

export { loadBootScript } from './app/boot-loader';
export { SESSION_HINT_KEY } from './lib/session-hint';
export { headTags, robotsTxt, sitemapXml } from './app/seo';
export { prerenderedPaths } from './config/routes';

/** The page module (src/app/routes/<module>.tsx) that shows a path: the boot script loads it. */
export const pageModuleForPath = (path: string): string => routeForPath(path).module;

/** Whether a path's page hydrates as islands (src/islands.tsx) rather than as the whole app. */
export const hydratesAsIslands = (path: string): boolean => isContentPath(path);

/**
 * Whether a path's page reads the session as it hydrates, and for whom its head names the identity
 * SDK's scripts: every visitor (`always`), a browser signed in last time (`hinted`), or nobody;
 * `stored`: a page that opens on the session stored in this browser, the SDK after its content.
 */
export function identityScriptsFor(path: string): IdentityScripts {
  const entry = routeForPath(path);
  if (entry.session !== true) return 'none';
  if (pageOpensOnStoredSession(entry.module)) return 'stored';
  return entry.identityAtOnce ? 'always' : 'hinted';
}

export const siteUrl = config.siteUrl;

/** Build-time only: renders one route to HTML for the prerender script. */
export async function render(url: string): Promise<string> {
  await Promise.all(Object.values(pages).map((page) => page.preload()));
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </StaticRouter>
    </StrictMode>,
  );
}

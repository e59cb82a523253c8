import {
  routeForPath,
  routeTable,
  siteRoot,
  sitemapPaths,
  type RouteEntry,
} from '../config/routes';
import { blog } from '../content/blog';
import { practice } from '../content/practice';

const OG_IMAGE = '/images/og-image.png';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** JSON for a <script type="application/ld+json"> that no text inside can break out of. */
function jsonLd(data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
  return `<script type="application/ld+json">${json}</script>`;
}

function openingHoursSpecification() {
  return practice.openingHours.map((hours) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: hours.days.map((day) => `https://schema.org/${day}`),
    opens: hours.opens,
    closes: hours.closes,
  }));
}

function practiceStructuredData(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Psychologist',
    '@id': `${siteUrl}/#practice`,
    name: practice.name,
    description: practice.description,
    url: `${siteUrl}${siteRoot}`,
    image: `${siteUrl}${OG_IMAGE}`,
    logo: `${siteUrl}/favicon.svg`,
    email: practice.email,
    telephone: practice.phone.international,
    address: {
      '@type': 'PostalAddress',
      streetAddress: practice.address.street,
      addressLocality: practice.address.locality,
      postalCode: practice.address.postalCode,
      addressCountry: practice.address.country,
    },
    openingHoursSpecification: openingHoursSpecification(),
    employee: {
      '@type': 'Person',
      name: practice.practitioner,
      jobTitle: practice.title,
    },
  };
}

function faqStructuredData() {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: blog.entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer.join('\n\n') },
    })),
  };
}

/** Everything between <!--head--> and <!--/head--> for one prerendered page. */
export function headTags(path: string | 'notFound', siteUrl: string): string {
  const meta: RouteEntry = path === 'notFound' ? routeTable.notFound : routeForPath(path);
  const canonicalPath = meta.canonicalPath ?? meta.path;
  const url = path === 'notFound' ? undefined : `${siteUrl}${canonicalPath}`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    meta.indexable ? '' : '<meta name="robots" content="noindex" />',
    url ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(practice.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    url ? `<meta property="og:url" content="${escapeHtml(url)}" />` : '',
    `<meta property="og:image" content="${escapeHtml(siteUrl + OG_IMAGE)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:locale" content="en_GB" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(siteUrl + OG_IMAGE)}" />`,
  ];
  if (meta === routeTable.home) tags.push(jsonLd(practiceStructuredData(siteUrl)));
  if (meta === routeTable.blogs) tags.push(jsonLd(faqStructuredData()));
  return tags.filter(Boolean).join('\n    ');
}

export function sitemapXml(siteUrl: string): string {
  const urls = sitemapPaths.map((path) => `  <url><loc>${escapeHtml(siteUrl + path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Nothing is disallowed: the account pages say noindex themselves, which crawlers must read. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

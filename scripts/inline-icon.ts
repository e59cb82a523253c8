// The browser's tab icon written into each page's head as a data: URL instead of a link to
// /favicon.svg. Chromium asks for the icon as the page finishes loading, at high priority and,
// over HTTP/1.1, on a connection of its own: on a slow phone that was one more round trip on the
// way to the main picture (Lighthouse counted it in the home and about pages' LCP, 150 ms).
// The file stays for what names it by address (the brand mark, the structured data's logo).
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const ICON_LINK = /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml" \/>/;

/** An SVG as a compact data: URL (quotes made single; escaped: what a URL may not hold as is). */
export function svgDataUrl(svg: string): string {
  const compact = svg
    .trim()
    .replace(/>\s+</g, '><')
    .replaceAll('"', "'")
    .replace(/\s+/g, ' ')
    .replace(/[%#<> ]/g, (character) => encodeURIComponent(character));
  return `data:image/svg+xml,${compact}`;
}

/** `html` with its icon link pointing at `svg` itself. */
export function withInlineIcon(html: string, svg: string): string {
  if (!ICON_LINK.test(html)) throw new Error('index.html no longer links /favicon.svg as its icon');
  return html.replace(
    ICON_LINK,
    `<link rel="icon" href="${svgDataUrl(svg)}" type="image/svg+xml" />`,
  );
}

/** Vite: every page built from index.html (and the dev server's) carries the icon inline. */
export function inlineIcon(publicDir = path.resolve(import.meta.dirname, '..', 'public')): Plugin {
  return {
    name: 'inline-icon',
    transformIndexHtml: (html) =>
      withInlineIcon(html, fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8')),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { svgDataUrl, withInlineIcon } from './inline-icon.ts';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');
const indexHtml = fs.readFileSync(path.join(root, 'index.html'), 'utf8');

describe('the tab icon written into the page', () => {
  it('is the icon file itself, as a data: URL that decodes to the same drawing', () => {
    const url = svgDataUrl(svg);
    expect(url).toMatch(/^data:image\/svg\+xml,/);
    expect(url).not.toMatch(/[#<>"\s]/); // a valid URL, as the HTML checker reads it
    const decoded = decodeURIComponent(url.slice('data:image/svg+xml,'.length));
    const normalise = (text: string) =>
      text.trim().replace(/>\s+</g, '><').replace(/\s+/g, ' ').replaceAll('"', "'");
    expect(decoded).toBe(normalise(svg));
  });

  it('replaces the link to /favicon.svg in index.html, and nothing else', () => {
    const html = withInlineIcon(indexHtml, svg);
    expect(html).not.toContain('href="/favicon.svg"');
    expect(html).toContain(`<link rel="icon" href="${svgDataUrl(svg)}" type="image/svg+xml" />`);
    expect(html.replace(/<link rel="icon"[^>]*>/, '')).toBe(
      indexHtml.replace(/<link rel="icon"[^>]*>/, ''),
    );
  });

  it('says so when index.html no longer has the link it replaces', () => {
    expect(() => withInlineIcon('<head></head>', svg)).toThrow(/no longer links/);
  });
});

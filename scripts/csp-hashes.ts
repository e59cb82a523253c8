// The CSP hashes of the prerendered pages' inline elements: each page's `<style>` (its critical
// CSS) and its one `<script>` (the boot loader, src/app/boot-loader.ts). The prerender writes them
// to <site>/csp-hashes.json; every Firebase config written from firebase.json
// (scripts/firebase-local.ts for the local stacks, scripts/deploy-config.ts) adds them to
// style-src and script-src.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const HASHES_FILE = 'csp-hashes.json';

/** The CSP directives inline elements need, with the hash of each element's text. */
export interface InlineHashes {
  'style-src': string[];
  'script-src': string[];
}

/** The CSP source that allows one inline element with exactly this text. */
export function cspHash(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The CSP sources of a page's inline `<style>` and `<script>` elements (scripts without `src`). */
export function inlineHashes(html: string): InlineHashes {
  const texts = (pattern: RegExp) =>
    [...html.matchAll(pattern)].map((match) => cspHash(match[1] ?? ''));
  return {
    'style-src': texts(/<style>([\s\S]*?)<\/style>/g),
    'script-src': texts(/<script>([\s\S]*?)<\/script>/g),
  };
}

/** The hashes a build wrote; a missing file is an error, never a policy that blocks the page. */
export function readInlineHashes(siteDir: string): InlineHashes {
  const file = path.join(siteDir, HASHES_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the site first.`);
  const hashes = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<InlineHashes>;
  if (!hashes['style-src'] || !hashes['script-src']) {
    throw new Error(`${file} lacks style-src or script-src: build the site again.`);
  }
  return { 'style-src': hashes['style-src'], 'script-src': hashes['script-src'] };
}

interface HostingConfig {
  hosting: { headers: { headers: { key: string; value: string }[] }[] };
}

/** A copy of a firebase.json whose Content-Security-Policy allows those inline elements. */
export function withInlineHashes<Config extends HostingConfig>(
  config: Config,
  hashes: InlineHashes,
): Config {
  const copy = structuredClone(config);
  for (const rule of copy.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key !== 'Content-Security-Policy') continue;
      for (const directive of ['style-src', 'script-src'] as const) {
        const pattern = new RegExp(`${directive} ([^;]*)`);
        if (!pattern.test(header.value)) throw new Error(`The CSP has no ${directive}.`);
        header.value = header.value.replace(pattern, (_, sources: string) =>
          [directive, sources, ...hashes[directive]].join(' '),
        );
      }
    }
  }
  return copy;
}

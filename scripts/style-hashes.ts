// The CSP hashes of the prerendered pages' inline `<style>` elements (their critical CSS): the
// prerender writes them to <site>/csp-hashes.json; every Firebase config written from firebase.json
// (scripts/firebase-local.ts for the local stacks, scripts/deploy-config.ts) adds them to style-src.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const HASHES_FILE = 'csp-hashes.json';

/** The CSP source that allows one inline `<style>` element with exactly this text. */
export function cspHash(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The CSP sources of every inline `<style>` element of a page. */
export function styleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => cspHash(match[1] ?? ''));
}

/** The hashes a build wrote; a missing file is an error, never a policy that blocks the styles. */
export function readStyleHashes(siteDir: string): string[] {
  const file = path.join(siteDir, HASHES_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the site first.`);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { 'style-src': string[] })['style-src'];
}

interface HostingConfig {
  hosting: { headers: { headers: { key: string; value: string }[] }[] };
}

/** A copy of a firebase.json whose Content-Security-Policy allows those inline styles. */
export function withStyleHashes<Config extends HostingConfig>(
  config: Config,
  hashes: string[],
): Config {
  const copy = structuredClone(config);
  for (const rule of copy.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key !== 'Content-Security-Policy') continue;
      if (!/style-src [^;]*/.test(header.value)) throw new Error('The CSP has no style-src.');
      header.value = header.value.replace(/style-src ([^;]*)/, (_, sources: string) =>
        ['style-src', sources, ...hashes].join(' '),
      );
    }
  }
  return copy;
}

// The CSP hashes of the prerendered pages' inline `<style>` elements (their critical CSS): the
// prerender writes them to <site>/csp-hashes.json; the hosting config adds them to style-src.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const HASHES_FILE = 'csp-hashes.json';

/** The CSP source that allows one inline `<style>` element with exactly this text. */
export function cspHash(text) {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The CSP sources of every inline `<style>` element of a page. */
export function styleHashes(html) {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => cspHash(match[1]));
}

/** The hashes a build wrote; a missing file is an error, never a policy that blocks the styles. */
export function readStyleHashes(siteDir) {
  const file = path.join(siteDir, HASHES_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the site first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8'))['style-src'];
}

/** A copy of a firebase.json whose Content-Security-Policy allows those inline styles. */
export function withStyleHashes(config, hashes) {
  const copy = structuredClone(config);
  for (const rule of copy.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key !== 'Content-Security-Policy') continue;
      if (!/style-src [^;]*/.test(header.value)) throw new Error('The CSP has no style-src.');
      header.value = header.value.replace(/style-src ([^;]*)/, (_, sources) =>
        ['style-src', sources, ...hashes].join(' '),
      );
    }
  }
  return copy;
}

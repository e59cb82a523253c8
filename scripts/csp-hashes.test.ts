import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspHash, inlineHashes, readInlineHashes, withInlineHashes } from './csp-hashes.ts';

const CSP =
  "default-src 'self'; script-src 'self' https://apis.google.com; style-src 'self'; img-src 'self'";
const config = {
  hosting: {
    public: 'dist',
    headers: [
      { source: '**', headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
      { regex: '^/$', headers: [{ key: 'Content-Security-Policy', value: CSP }] },
    ],
  },
};

describe('CSP hashes of inline elements', () => {
  it('hashes the exact text of each inline style and inline script, as browsers do', () => {
    // Known answer: printf 'body{}' | openssl dgst -sha256 -binary | base64
    expect(cspHash('body{}')).toBe("'sha256-fJgEClQWV1hGkK4qHMO0KotTsVnMYMXTq7/suurGyUo='");
    const html =
      '<style>a{}</style><script>go()</script><p>x</p><style>b{}</style>' +
      '<script type="module" src="/assets/boot.js"></script>';
    expect(inlineHashes(html)).toEqual({
      'style-src': [cspHash('a{}'), cspHash('b{}')],
      'script-src': [cspHash('go()')], // a script with a src is allowed by 'self', not by hash
    });
  });

  it('adds each to its own directive, leaving firebase.json as it was', () => {
    const result = withInlineHashes(config, {
      'style-src': ["'sha256-a'", "'sha256-b'"],
      'script-src': ["'sha256-c'"],
    });
    expect(result.hosting.headers[1]?.headers[0]?.value).toBe(
      "default-src 'self'; script-src 'self' https://apis.google.com 'sha256-c'; " +
        "style-src 'self' 'sha256-a' 'sha256-b'; img-src 'self'",
    );
    expect(result.hosting.headers[0]).toEqual(config.hosting.headers[0]);
    expect(config.hosting.headers[1]?.headers[0]?.value).toBe(CSP);
  });

  it('refuses a build without its hashes rather than write a policy that blocks the page', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
    expect(() => readInlineHashes(dir)).toThrow(/csp-hashes.json is missing/);
    fs.writeFileSync(path.join(dir, 'csp-hashes.json'), '{"style-src":["\'sha256-a\'"]}');
    expect(() => readInlineHashes(dir)).toThrow(/lacks style-src or script-src/);
    fs.writeFileSync(
      path.join(dir, 'csp-hashes.json'),
      '{"style-src":["\'sha256-a\'"],"script-src":["\'sha256-b\'"]}',
    );
    expect(readInlineHashes(dir)).toEqual({
      'style-src': ["'sha256-a'"],
      'script-src': ["'sha256-b'"],
    });
  });
});

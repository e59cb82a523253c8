import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspHash, readStyleHashes, styleHashes, withStyleHashes } from './style-hashes.ts';

const CSP = "default-src 'self'; style-src 'self'; img-src 'self'";
const config = {
  hosting: {
    public: 'dist',
    headers: [
      { source: '**', headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
      { regex: '^/$', headers: [{ key: 'Content-Security-Policy', value: CSP }] },
    ],
  },
};

describe('style hashes', () => {
  it('hashes the exact text of each inline style, as browsers do', () => {
    // Known answer: printf 'body{}' | openssl dgst -sha256 -binary | base64
    expect(cspHash('body{}')).toBe("'sha256-fJgEClQWV1hGkK4qHMO0KotTsVnMYMXTq7/suurGyUo='");
    expect(styleHashes('<style>a{}</style><p>x</p><style>b{}</style>')).toEqual([
      cspHash('a{}'),
      cspHash('b{}'),
    ]);
  });

  it('adds them to style-src only, leaving firebase.json as it was', () => {
    const result = withStyleHashes(config, ["'sha256-a'", "'sha256-b'"]);
    expect(result.hosting.headers[1]?.headers[0]?.value).toBe(
      "default-src 'self'; style-src 'self' 'sha256-a' 'sha256-b'; img-src 'self'",
    );
    expect(result.hosting.headers[0]).toEqual(config.hosting.headers[0]);
    expect(config.hosting.headers[1]?.headers[0]?.value).toBe(CSP);
  });

  it('refuses a build without its hashes rather than write a policy that blocks its styles', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
    expect(() => readStyleHashes(dir)).toThrow(/csp-hashes.json is missing/);
    fs.writeFileSync(path.join(dir, 'csp-hashes.json'), '{"style-src":["\'sha256-a\'"]}');
    expect(readStyleHashes(dir)).toEqual(["'sha256-a'"]);
  });
});

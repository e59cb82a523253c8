import { createRequire } from 'node:module';
import { version as reactVersion } from 'react';
import { version as reactDomVersion } from 'react-dom';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json';

// The browser build (e2e/prerender.spec.ts checks its scripts) and these tests run one React.
describe('the React the site runs', () => {
  const installed = (name: string) =>
    (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version;

  it('is the installed react and react-dom, one version', () => {
    expect(reactDomVersion).toBe(installed('react-dom'));
    expect(reactVersion).toBe(installed('react'));
    expect(reactDomVersion).toBe(reactVersion);
  });

  it('has no stand-in runtime among the dependencies', () => {
    const names = Object.keys({ ...packageJson.dependencies, ...packageJson.devDependencies });
    expect(names.filter((name) => /preact/i.test(name))).toEqual([]);
  });
});

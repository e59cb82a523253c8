import { describe, expect, it } from 'vitest';
import { REQUIRED_ENV_KEYS } from '../src/config/env-schema.ts';
import { productionBuildProblem } from './production-env.ts';

const complete = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'www.example.com',
  VITE_FIREBASE_PROJECT_ID: 'project',
  VITE_FIREBASE_APP_ID: 'app',
  VITE_SITE_URL: 'https://www.example.com',
};

describe('productionBuildProblem', () => {
  it('checks the keys the app requires', () => {
    expect(Object.keys(complete)).toEqual(REQUIRED_ENV_KEYS);
  });

  it('names every missing variable', () => {
    const problem = productionBuildProblem({ VITE_FIREBASE_API_KEY: 'key', VITE_SITE_URL: '  ' });
    for (const key of [
      'VITE_FIREBASE_AUTH_DOMAIN',
      'VITE_FIREBASE_PROJECT_ID',
      'VITE_FIREBASE_APP_ID',
      'VITE_SITE_URL',
    ]) {
      expect(problem).toContain(`${key}: missing`);
    }
    expect(problem).not.toContain('VITE_FIREBASE_API_KEY');
    expect(problem).toContain('.env.example');
  });

  it('names a variable the app would reject', () => {
    expect(productionBuildProblem({ ...complete, VITE_SITE_URL: 'www.example.com' })).toMatch(
      /VITE_SITE_URL: Invalid URL/,
    );
  });

  it('refuses a production build that points at the emulator', () => {
    expect(
      productionBuildProblem({ ...complete, VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toMatch(/emulator/);
  });

  it('lets a complete configuration through', () => {
    expect(productionBuildProblem(complete)).toBeUndefined();
  });
});

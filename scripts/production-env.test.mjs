import { describe, expect, it } from 'vitest';
import { productionBuildProblem, REQUIRED_FOR_PRODUCTION } from './production-env.mjs';

const complete = Object.fromEntries(REQUIRED_FOR_PRODUCTION.map((key) => [key, 'value']));

describe('productionBuildProblem', () => {
  it('names every missing variable', () => {
    const problem = productionBuildProblem({ VITE_FIREBASE_API_KEY: 'key', VITE_SITE_URL: '  ' });
    expect(problem).toContain(
      'missing VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_APP_ID, VITE_SITE_URL',
    );
    expect(problem).toContain('.env.example');
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

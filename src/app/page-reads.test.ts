import { pageModuleFiles } from './page-modules';
import { pageOpensOnStoredSession, pagesWithFirstReads } from './page-reads';

// Every module of first reads, and the page modules the boot script starts them for.
const firstReadModules = Object.keys(
  import.meta.glob(['../features/**/*first-reads.ts', '!../features/**/*.test.ts']),
);
const pageReadsSource = Object.values(
  import.meta.glob<string>('./page-reads.ts', { query: '?raw', import: 'default', eager: true }),
)[0]!;

it('start for page modules that exist', () => {
  for (const module of pagesWithFirstReads)
    expect(pageModuleFiles, module).toContain(`./routes/${module}.tsx`);
});

it('start every module of first reads for some page: else its reads wait for React', () => {
  expect(firstReadModules.length).toBeGreaterThan(0);
  for (const file of firstReadModules)
    expect(pageReadsSource, file).toContain(`import('${file.replace(/\.ts$/, '')}')`);
});

const accountPageSource = Object.values(
  import.meta.glob<string>('../features/auth/account/account-page.tsx', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
)[0]!;

const passkeysPageSource = Object.values(
  import.meta.glob<string>('../features/auth/account/passkeys-page.tsx', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
)[0]!;

const routeSources = import.meta.glob<string>(['./routes/*.tsx', '!./routes/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

it('open on the stored session only where the gate opens on it, never where it needs the SDK’s user', () => {
  const opening = Object.keys(routeSources)
    .map((file) => file.replace(/^\.\/routes\/(.*)\.tsx$/, '$1'))
    .filter(pageOpensOnStoredSession);
  expect(opening).toContain('bookings');
  for (const module of opening) {
    // The account and passkeys routes' gates are their pages' own (RequireAccount).
    const source =
      module === 'account'
        ? accountPageSource
        : module === 'passkeys'
          ? passkeysPageSource
          : routeSources[`./routes/${module}.tsx`]!;
    expect(source, module).toMatch(/<Require(SignIn|VerifiedEmail|Account)[ >]/);
  }
  expect(opening).toContain('passkeys');
});

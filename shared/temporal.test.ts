afterEach(() => {
  delete (globalThis as { Temporal?: unknown }).Temporal;
  vi.resetModules();
});

it("uses the platform's Temporal where there is one", async () => {
  const platform = { Now: {} };
  (globalThis as { Temporal?: unknown }).Temporal = platform;
  const { Temporal } = await import('./temporal.ts');
  expect(Temporal).toBe(platform);
});

it('falls back to the polyfill elsewhere, and computes with it', async () => {
  expect((globalThis as { Temporal?: unknown }).Temporal).toBeUndefined(); // Node 22 has none
  const { Temporal } = await import('./temporal.ts');
  expect(Temporal.PlainDate.from('2027-03-28').add({ days: 1 }).toString()).toBe('2027-03-29');
});

export const kB = (bytes: number) =>
  Number.isFinite(bytes) ? `${(bytes / 1000).toFixed(1)} kB` : 'n/a';
export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
export const seconds = (value: number) =>
  Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : 'n/a';
export const mark = (pass: boolean) => (pass ? '✓' : '✗');

import { expect, it } from 'vitest';
import { withoutUnusedCustomProperties } from './critical-css.ts';

it('keeps the custom properties the page reads, through the ones they read, and drops the rest', () => {
  const css =
    ':root{--bs-blue:#0d6efd;--bs-body-color:var(--bs-gray-900);--bs-gray-900:#212529;--unused:1px}' +
    'body{color:var(--bs-body-color)}.only-unused{--bs-pink:#d63384}.note{margin:var( --gap )}';
  const html = '<p style="--gap: 2px">Hello</p><div style="padding:var(--pad)"></div>';
  expect(withoutUnusedCustomProperties(css, html)).toBe(
    ':root{--bs-body-color:var(--bs-gray-900);--bs-gray-900:#212529}' +
      'body{color:var(--bs-body-color)}.note{margin:var( --gap )}',
  );
});

it('keeps a property the markup reads though no rule does', () => {
  expect(
    withoutUnusedCustomProperties(
      ':root{--pad:4px;--other:1px}',
      '<div style="padding:var(--pad)">',
    ),
  ).toBe(':root{--pad:4px}');
});

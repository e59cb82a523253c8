import { expect, test } from './support/fixtures';
import { expectNoAxeViolations } from './support/axe';

// The axe check's own rule: colours are read from a page at rest. A toast that loads its code on
// demand can start sliding in after the page looked still, while axe is already reading it; the
// text then measures half-faded (seen once: a toast's #757575 read as #848484, 3.74:1).

test('axe reads again what started moving while it read the page', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Grey text that passes at rest (4.54:1), made to fade in the moment axe arrives on the page.
  await page.evaluate(() => {
    const note = document.createElement('p');
    note.textContent = 'Saved.';
    note.style.color = '#767676';
    note.style.background = '#ffffff';
    document.querySelector('main')?.append(note);
    let axe: unknown;
    Object.defineProperty(window, 'axe', {
      configurable: true,
      get: () => axe,
      set: (value: unknown) => {
        if (axe === undefined) {
          note.animate([{ opacity: 0.4 }, { opacity: 1 }], { duration: 3_000 });
        }
        axe = value;
      },
    });
  });
  await expectNoAxeViolations(page, 'a note that faded in while axe read the page');
});

/**
 * Reminders by text: a client turns them on from My account by keyboard, with a mobile number
 * and their consent; a landline and a missing tick are refused in words.
 */
import { createUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { signIn } from './support/signed-in';
import { expectNoAxeViolations } from './support/axe';
import { expectPicture } from './support/screenshots';

for (const width of [375, 1280] as const) {
  test(`at ${width} px: a client turns on text reminders by keyboard`, async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/response 422: .*\/api\/account\/sms$/);
    test.slow(); // axe twice and a screenshot: long on a loaded machine
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    const client = await createUser({ verified: true, label: `texts-${width}` });
    await signIn(page, client, '/account');
    const section = page.getByRole('region', { name: 'Reminders by text' });
    const phone = section.getByLabel('Mobile number');
    await expect(phone).toBeVisible();
    await expectNoAxeViolations(page, `text reminders at ${width} px`);

    // A landline is refused before anything is sent; so is a number without the tick.
    await phone.focus();
    await page.keyboard.type('0117 496 0321');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(section.getByRole('button', { name: 'Turn on text reminders' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('alert')).toHaveText(
      'Enter a mobile number, like 07400 123456 or +44 7400 123456.',
    );
    await phone.fill('');
    await phone.focus();
    await page.keyboard.type('07400 123456');
    await section.getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    await expect(section.getByRole('checkbox')).not.toBeChecked();
    await section.getByRole('button', { name: 'Turn on text reminders' }).focus();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('alert')).toHaveText(
      'Tick the box to agree to reminders by text before turning them on.',
    );
    await section.getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    await section.getByRole('button', { name: 'Turn on text reminders' }).focus();
    await page.keyboard.press('Enter');
    await expect(section).toContainText('Text reminders are on: we text +447400123456');
    await expect(section.getByRole('button', { name: 'Turn off text reminders' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: /^Text reminders are on\.$/ }),
    ).toBeVisible();
    await expectNoAxeViolations(page, `text reminders on at ${width} px`);
    await page.evaluate(() => {
      for (const host of document.querySelectorAll<HTMLElement>('.Toastify'))
        host.style.visibility = 'hidden';
    });
    await expectPicture(section, `text-reminders-on-${width}.png`);
  });
}

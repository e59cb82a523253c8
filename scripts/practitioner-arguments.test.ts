import { describe, expect, it } from 'vitest';
import { practitionerArguments } from './practitioner-arguments.ts';

describe('npm run practitioner -- …, as the README writes it', () => {
  it('takes the email alone (the Auth emulator of npm start)', () => {
    expect(practitionerArguments(['someone@example.com'])).toEqual({
      email: 'someone@example.com',
      project: undefined,
      remove: false,
    });
  });

  it('takes the email with a real project, in either order, and --remove', () => {
    expect(practitionerArguments(['someone@example.com', '--project', 'my-practice'])).toEqual({
      email: 'someone@example.com',
      project: 'my-practice',
      remove: false,
    });
    expect(
      practitionerArguments(['--project', 'my-practice', 'someone@example.com', '--remove']),
    ).toEqual({ email: 'someone@example.com', project: 'my-practice', remove: true });
  });

  it('finds no email when none is given', () => {
    expect(practitionerArguments(['--project', 'my-practice']).email).toBeUndefined();
  });
});

describe('the live site', () => {
  it('takes the site the enrolment link opens on', () => {
    expect(
      practitionerArguments([
        '--project',
        'my-practice',
        '--site',
        'https://www.example.com',
        'someone@example.com',
      ]),
    ).toEqual({
      email: 'someone@example.com',
      project: 'my-practice',
      site: 'https://www.example.com',
      remove: false,
    });
  });
});

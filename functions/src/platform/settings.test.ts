import { serverConfig } from './settings';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://api:secret@db.example.com/practice',
  SMTP_URL: 'smtps://mail:secret@smtp.example.com:465',
  SITE_URL: 'https://www.example.com/',
  STRIPE_SECRET_KEY: 'sk_live_practiceKey123',
  STRIPE_WEBHOOK_SECRET: 'whsec_practiceSecret456',
  PAYMENT_LINK_SECRET: 'a-random-production-secret-of-40-characters',
};

describe('the function’s settings', () => {
  it('reads a complete production environment', () => {
    expect(serverConfig(production, '/srv/functions')).toEqual({
      database: { url: production.DATABASE_URL },
      smtpUrl: production.SMTP_URL,
      practiceEmail: 'hello@mindfulpath.example',
      mailFrom: 'Mindful Path Counselling <hello@mindfulpath.example>',
      siteUrl: 'https://www.example.com',
      meetingHost: 'https://meet.jit.si',
      passkeys: { rpId: 'www.example.com', origin: 'https://www.example.com' },
      stripe: {
        secretKey: 'sk_live_practiceKey123',
        webhookSecret: 'whsec_practiceSecret456',
        linkSecret: 'a-random-production-secret-of-40-characters',
      },
    });
  });

  it('takes the passkeys’ relying party from the site, or PASSKEY_RP_ID for the whole domain', () => {
    expect(serverConfig({ ...production, PASSKEY_RP_ID: 'example.com' }, '/srv').passkeys).toEqual({
      rpId: 'example.com',
      origin: 'https://www.example.com',
    });
    expect(() =>
      serverConfig({ ...production, PASSKEY_RP_ID: 'https://example.com' }, '/srv'),
    ).toThrow('PASSKEY_RP_ID must be a host name such as example.com');
  });

  it('takes a Jitsi server of the practice’s own for video sessions, over https only', () => {
    const own = {
      ...production,
      NODE_ENV: 'development',
      MEETING_HOST: 'https://video.example.com/',
    };
    expect(serverConfig(own, '/srv').meetingHost).toBe('https://video.example.com');
    expect(() =>
      serverConfig({ ...production, MEETING_HOST: 'http://video.example.com' }, '/srv'),
    ).toThrow('MEETING_HOST must be a URL such as https://meet.jit.si');
  });

  it('meets in production only on the video host the privacy notice names', () => {
    expect(() =>
      serverConfig({ ...production, MEETING_HOST: 'https://video.example.com' }, '/srv'),
    ).toThrow(
      'MEETING_HOST must be the video host the privacy notice names (https://meet.jit.si): change videoHost in shared/practice.ts with it',
    );
    expect(
      serverConfig({ ...production, MEETING_HOST: 'https://meet.jit.si/' }, '/srv').meetingHost,
    ).toBe('https://meet.jit.si');
  });

  it.each([
    'DATABASE_URL',
    'SMTP_URL',
    'SITE_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'PAYMENT_LINK_SECRET',
  ] as const)('refuses to start in production without %s, naming it', (name) => {
    const { [name]: _left, ...rest } = production;
    expect(() => serverConfig(rest, '/srv/functions')).toThrow(
      new RegExp(`^The API cannot start: set ${name} \\(`),
    );
  });

  it('names every missing variable at once, and a malformed one', () => {
    expect(() => serverConfig({ NODE_ENV: 'production' }, '/srv')).toThrow(
      /set DATABASE_URL \(.*\), SMTP_URL \(.*\), SITE_URL \(.*\), STRIPE_SECRET_KEY \(.*\), STRIPE_WEBHOOK_SECRET \(.*\), PAYMENT_LINK_SECRET \(.*\)\.$/,
    );
    expect(() => serverConfig({ ...production, SMTP_URL: 'mail.example.com' }, '/srv')).toThrow(
      'SMTP_URL must be a URL such as smtps://user:password@smtp.example.com:465',
    );
  });

  it('talks to the Stripe stand-in locally, and takes no payments without keys outside production', () => {
    const local = {
      SMTP_URL: 'smtp://127.0.0.1:1025',
      SITE_URL: 'http://127.0.0.1:5173',
      PGLITE_DIR: '/tmp/d',
    };
    expect(serverConfig(local, '/srv').stripe).toBeUndefined();
    expect(
      serverConfig(
        {
          ...local,
          STRIPE_SECRET_KEY: 'sk_test_local',
          STRIPE_WEBHOOK_SECRET: 'whsec_local',
          STRIPE_API_URL: 'http://127.0.0.1:12111',
        },
        '/srv',
      ).stripe,
    ).toEqual({
      secretKey: 'sk_test_local',
      webhookSecret: 'whsec_local',
      linkSecret: expect.stringMatching(/^local-/),
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(() => serverConfig({ ...production, PAYMENT_LINK_SECRET: 'short' }, '/srv')).toThrow(
      /PAYMENT_LINK_SECRET must be at least 32 characters/,
    );
    expect(() => serverConfig({ ...production, STRIPE_SECRET_KEY: 'pk_live_x' }, '/srv')).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
  });

  it('refuses the Stripe stand-in in production, naming the setting', () => {
    expect(() =>
      serverConfig({ ...production, STRIPE_API_URL: 'http://127.0.0.1:12111' }, '/srv'),
    ).toThrow(
      /^The API cannot start: STRIPE_API_URL is for the local Stripe stand-in only: remove it in production\.$/,
    );
  });

  it('takes an embedded database only outside production', () => {
    const local = { SMTP_URL: 'smtp://127.0.0.1:1025', SITE_URL: 'http://127.0.0.1:5173' };
    expect(serverConfig({ ...local, PGLITE_DIR: '/tmp/data' }, '/srv').database).toEqual({
      pgliteDir: '/tmp/data',
    });
    expect(() =>
      serverConfig({ ...local, PGLITE_DIR: '/tmp/data', NODE_ENV: 'production' }, '/srv'),
    ).toThrow(/set DATABASE_URL/);
  });

  it('takes the browser tests’ seeding on an embedded database only, never in production', () => {
    const local = { SMTP_URL: 'smtp://127.0.0.1:1025', SITE_URL: 'http://127.0.0.1:5173' };
    const seeding = { ...local, PGLITE_DIR: '/tmp/data', BROWSER_TEST_SEEDING: 'on' };
    expect(serverConfig(seeding, '/srv').browserTestSeeding).toBe(true);
    expect(serverConfig({ ...local, PGLITE_DIR: '/tmp/data' }, '/srv')).not.toHaveProperty(
      'browserTestSeeding',
    );
    expect(() => serverConfig({ ...production, BROWSER_TEST_SEEDING: 'on' }, '/srv')).toThrow(
      /^The API cannot start: BROWSER_TEST_SEEDING is for the browser tests' embedded database only: remove it\.$/,
    );
    expect(() =>
      serverConfig(
        { ...seeding, DATABASE_URL: 'postgres://api:secret@127.0.0.1/practice' },
        '/srv',
      ),
    ).toThrow(/BROWSER_TEST_SEEDING is for the browser tests' embedded database only/);
    expect(() => serverConfig({ ...seeding, BROWSER_TEST_SEEDING: 'yes' }, '/srv')).toThrow(
      /BROWSER_TEST_SEEDING must be "on"/,
    );
  });
});

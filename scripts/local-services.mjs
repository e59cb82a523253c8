// Runs a command beside the local services the API needs: MailDev (SMTP + web inbox), the
// Stripe stand-in (Stripe's API, Checkout and Portal pages, signed webhooks) and the Twilio
// stand-in (the Messages API, a page of every text, signed callbacks) on the stack's ports, and with --watch-functions a rebuild of functions/lib on every change (the
// Functions emulator reloads it); with --fresh-data the stack's PGlite folder (.data/<project id>)
// is emptied first. Stops them when the command ends or is interrupted.
//   node scripts/local-services.mjs <stack> [--watch-functions] [--fresh-data] -- <command> [args…]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startStripeStandIn } from '../functions/src/testing/stripe-stand-in.ts';
import { startTwilioStandIn } from '../functions/src/testing/twilio-stand-in.ts';
import { localStackServerEnv } from './local-env.ts';
import { LOCAL_HOST, LOCAL_STACKS, origin } from './local-stack.ts';

const [stackName, ...rest] = process.argv.slice(2);
const separator = rest.indexOf('--');
const options = rest.slice(0, separator);
const [command, ...args] = rest.slice(separator + 1);
const stack = LOCAL_STACKS[stackName];
if (!stack || separator < 0 || !command) {
  console.error(
    'Usage: node scripts/local-services.mjs <stack> [--watch-functions] -- <command> [args…]',
  );
  process.exit(2);
}

if (options.includes('--fresh-data')) {
  fs.rmSync(path.resolve(import.meta.dirname, '..', '.data', stack.projectId), {
    recursive: true,
    force: true,
  });
}

const children = [];
const start = (file, fileArgs, stdio = 'inherit') => {
  const child = spawn(file, fileArgs, { stdio });
  children.push(child);
  return child;
};

const maildev = start(
  'maildev',
  [
    '--ip',
    LOCAL_HOST,
    '--smtp',
    String(stack.ports.smtp),
    '--web',
    String(stack.ports.mailWeb),
    '--silent',
  ],
  'ignore',
);
console.log(
  `MailDev: SMTP on ${LOCAL_HOST}:${stack.ports.smtp}, inbox at ${origin(stack.ports.mailWeb)}`,
);
const stripeEnv = localStackServerEnv(stackName, path.resolve(import.meta.dirname, '..'));
const stripe = await startStripeStandIn({
  host: LOCAL_HOST,
  port: stack.ports.stripe,
  // The Functions emulator's own address for the function (it strips the /api prefix itself).
  webhookUrl: `${origin(stack.ports.functions)}/${stack.projectId}/europe-west2/api/payments/webhook`,
  webhookSecret: stripeEnv.STRIPE_WEBHOOK_SECRET,
});
console.log(`Stripe stand-in: API, Checkout and Portal at ${stripe.url}`);
const twilioStandIn = await startTwilioStandIn({
  host: LOCAL_HOST,
  port: stack.ports.twilio,
  accountSid: stripeEnv.TWILIO_ACCOUNT_SID,
  authToken: stripeEnv.TWILIO_AUTH_TOKEN,
  inboundUrl: `${stripeEnv.SITE_URL}/api/sms/inbound`,
});
console.log(`Twilio stand-in: every text sent at ${twilioStandIn.url}`);
// The browser tests pause this very process (SIGSTOP) to show that no email is lost.
// Beside the stack's database folder, not in it (PGlite wants that folder to itself).
const dataRoot = path.resolve(import.meta.dirname, '..', '.data');
fs.mkdirSync(dataRoot, { recursive: true });
fs.writeFileSync(path.join(dataRoot, `${stack.projectId}.maildev.pid`), String(maildev.pid));
if (options.includes('--watch-functions')) {
  start(
    'vite',
    ['build', '--watch', '--config', 'functions/vite.config.ts'],
    ['ignore', 'ignore', 'inherit'],
  );
}

const main = start(command, args);
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  void stripe.close();
  void twilioStandIn.close();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (main.exitCode === null) main.kill(signal);
  });
}
main.on('exit', (code, signal) => {
  stopAll();
  process.exitCode = code ?? (signal ? 1 : 0);
});

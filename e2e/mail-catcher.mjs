// A real SMTP server for the browser tests (smtp-server on an ephemeral port): every mail the shop sends
// is parsed (mailparser) and written as JSON to the mailbox folder, where the specs read it
// (e2e/tests/mail.spec.ts). Mails to bounce.test are refused for good (550), as an unknown mailbox is (all but
// the address verification link, so a spec can confirm such an address first).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'backend', 'package.json'));
const { SMTPServer } = require('smtp-server');
const { simpleParser } = require('mailparser');

/** Where the specs find the mails: one JSON file per mail. */
export const MAILBOX = join(root, '.data', 'e2e-mailbox');

export async function startMailCatcher() {
  rmSync(MAILBOX, { recursive: true, force: true });
  mkdirSync(MAILBOX, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          // A bounce.test mailbox takes only its address verification link (so a spec can confirm the address first).
          const verification = String(mail.headers.get('x-greencart-message') ?? '').startsWith('email:email-verification:');
          if ((mail.to?.text ?? '').includes('@bounce.test') && !verification)
            return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
          const record = {
            to: mail.to?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            outboxId: String(mail.headers.get('x-greencart-message') ?? ''),
          };
          writeFileSync(join(MAILBOX, `${String(++n).padStart(5, '0')}.json`), JSON.stringify(record));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

// A real SMTP server for the browser tests (smtp-server on an ephemeral port): every mail the shop sends
// is parsed (mailparser) and written as JSON to the mailbox folder, where the specs read it
// (e2e/tests/mail.spec.ts). Recipients at bounce.test are refused for good (550), as an unknown mailbox is.
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
    onRcptTo: (address, _session, callback) => {
      if (address.address.endsWith('@bounce.test')) return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      callback();
    },
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
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

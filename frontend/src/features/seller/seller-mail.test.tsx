import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';
import type { FailedMessage, MailOverview } from './api/get-mail';

const counts = { sent: 40, failed: 1, skipped: 0, retried: 2 };

function overview(outbox: Partial<MailOverview['outbox']>, failed: FailedMessage[] = []): MailOverview {
  return {
    success: true,
    mail: { enabled: true, from: 'GreenCart <orders@greencart.test>' },
    outbox: { waiting: 0, serverDown: false, ...counts, ...outbox },
    failed,
  };
}

const refused: FailedMessage = {
  id: 'email:order-confirmation:o1',
  channel: 'email',
  kind: 'order-confirmation',
  to: 'asha@example.com',
  subject: 'Your GreenCart order GC-1001',
  orderNumber: 'GC-1001',
  reason: 'The mail server refused it: 550 no such mailbox',
  attempts: 1,
  queuedAt: '2026-11-27T08:00:00.000Z',
  failedAt: '2026-11-27T08:00:01.000Z',
};

describe('seller mail page', () => {
  it('says how many mails are on the way', async () => {
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/seller/notifications', () => HttpResponse.json(overview({ waiting: 12 }))),
    );
    renderWithApp('/seller/mail');
    expect(await screen.findByText(/12 mails on the way\./)).toBeInTheDocument();
    expect(screen.getByText(/None: every message was delivered/)).toBeInTheDocument();
  });

  it('says when the mail server does not answer, and sends a message that gave up again', async () => {
    const resent: unknown[] = [];
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/seller/notifications', () => HttpResponse.json(overview({ waiting: 3, serverDown: true }, [refused]))),
      http.post('/api/seller/notifications/resend', async ({ request }) => {
        resent.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Queued to be sent again' });
      }),
    );
    const { user } = renderWithApp('/seller/mail');
    expect(await screen.findByText(/The mail server does not answer right now: 3 mails wait/)).toBeInTheDocument();
    const row = screen.getByText(refused.reason).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Send again: Order receipt for GC-1001 to asha@example.com' }));
    expect(await screen.findByText('Queued to be sent again')).toBeInTheDocument();
    expect(resent).toEqual([{ id: refused.id }]);
  });
});

import { formatDateTime, formatTime, hello, type TemplatesOf } from './mail-parts';

/** Mails about an account, not an order: a password reset, a staff invitation, confirming an email address. */
export interface AccountMailKinds {
  'password-reset': { link: string; expiresAt: string };
  'email-verification': { link: string; expiresAt: string };
  'staff-invitation': { link: string; expiresAt: string; name: string };
}

export const ACCOUNT_MAILS: TemplatesOf<AccountMailKinds> = {
  'password-reset': ({ link, expiresAt }, ctx) => ({
    subject: `Reset your ${ctx.shopName} password`,
    heading: 'Reset your password',
    blocks: [
      { p: hello(ctx) },
      {
        p: `Someone (we hope you) asked to reset the password of your ${ctx.shopName} account. The link below works once, until ${formatTime(expiresAt)} (30 minutes).`,
      },
      { button: { label: 'Choose a new password', href: link } },
      { small: `Or open this address: ${link}` },
      { p: 'If you did not ask for this, ignore this mail: your password stays as it is.' },
    ],
    footer: `Sent by ${ctx.shopName} because a password reset was asked for this address.`,
  }),
  'staff-invitation': ({ link, expiresAt }, ctx) => ({
    subject: `You are invited to the ${ctx.shopName} seller area`,
    heading: `Join ${ctx.shopName}`,
    blocks: [
      { p: hello(ctx) },
      {
        p: `The owner of ${ctx.shopName} added you to the shop's team. Choose your password with the link below; it works once, until ${formatDateTime(expiresAt)} (48 hours).`,
      },
      { button: { label: 'Choose your password', href: link } },
      { small: `Or open this address: ${link}` },
      { p: 'Then sign in on the seller page with this email address and your new password.' },
    ],
    footer: `Sent by ${ctx.shopName} because the shop's owner invited this address.`,
  }),
  'email-verification': ({ link, expiresAt }, ctx) => ({
    subject: `Confirm your email for ${ctx.shopName}`,
    heading: 'Confirm your email',
    blocks: [
      {
        p: `${hello(ctx)} please confirm this is your address, so your receipts and order updates reach you. The link works once, until ${formatDateTime(expiresAt)}.`,
      },
      { button: { label: 'Confirm my email', href: link } },
      { small: `Or open this address: ${link}` },
    ],
    footer: `Sent by ${ctx.shopName} because an account was made with this address; if it was not you, ignore this mail.`,
  }),
};

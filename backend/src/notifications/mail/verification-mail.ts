/** The verification mail's text (kept beside templates.ts, which renders it like every other mail). */
export function verificationMail(
  { link, until }: { link: string; until: string },
  ctx: { shopName: string; hello: string },
): { subject: string; heading: string; blocks: ({ p: string } | { button: { label: string; href: string } } | { small: string })[]; footer: string } {
  return {
    subject: `Confirm your email for ${ctx.shopName}`,
    heading: 'Confirm your email',
    blocks: [
      { p: `${ctx.hello} please confirm this is your address, so your receipts and order updates reach you. The link works once, until ${until}.` },
      { button: { label: 'Confirm my email', href: link } },
      { small: `Or open this address: ${link}` },
    ],
    footer: `Sent by ${ctx.shopName} because an account was made with this address; if it was not you, ignore this mail.`,
  };
}

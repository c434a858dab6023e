import { formatRupees } from '@greencart/domain';

/** Turning a mail's blocks into its plain-text and HTML parts (inline styles and tables, as mail clients need). */

export interface MailContext {
  shopName: string;
  /** The shop's address, without a trailing slash. */
  publicUrl: string;
  shopEmail: string;
  shopPhone: string;
  /** The shopper's first name, for shopper mails. */
  firstName?: string;
}

/** A mail as blocks, written once for both parts. */
export type Block =
  | { p: string }
  | { lines: { name: string; quantity: number; pricePaise: number; ordered?: number }[] }
  | { totals: [string, string][] }
  | { facts: [string, string][] }
  | { button: { label: string; href: string } }
  | { small: string };

export interface Draft {
  subject: string;
  heading: string;
  blocks: Block[];
  /** Why this person gets the mail, under it. */
  footer: string;
}

/** A line packed to none (issue 39) stays on the bill, said so instead of "0 ×". */
const NOT_AVAILABLE = 'not available';
/** A line packed short (0 < quantity < ordered) says so: "1 of 2 packed", never "not available". */
const packedShort = (line: { quantity: number; ordered?: number }) =>
  line.ordered !== undefined && line.quantity > 0 && line.quantity < line.ordered ? ` — ${line.quantity} of ${line.ordered} packed` : '';

export function toText(draft: Draft, ctx: MailContext): string {
  const parts: string[] = [draft.heading, ''];
  for (const block of draft.blocks) {
    if ('p' in block) parts.push(block.p, '');
    else if ('small' in block) parts.push(block.small, '');
    else if ('lines' in block) {
      for (const line of block.lines)
        parts.push(
          line.quantity === 0
            ? `${line.name} — ${NOT_AVAILABLE}`
            : `${line.quantity} × ${line.name}  ${formatRupees(line.pricePaise * line.quantity)}${packedShort(line)}`,
        );
      parts.push('');
    } else if ('totals' in block || 'facts' in block) {
      const rows = 'totals' in block ? block.totals : block.facts;
      for (const [label, value] of rows) parts.push(`${label}: ${value}`);
      parts.push('');
    } else parts.push(`${block.button.label}: ${block.button.href}`, '');
  }
  parts.push('—', ctx.shopName, draft.footer);
  return parts.join('\n');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const GREEN = '#237a52';
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export function toHtml(draft: Draft, ctx: MailContext): string {
  const body = draft.blocks.map(blockHtml).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(draft.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden;border:1px solid #e5e7eb">
<tr><td style="background:${GREEN};padding:16px 24px;color:#ffffff;font-size:20px;font-weight:700">${escape(ctx.shopName)}</td></tr>
<tr><td style="padding:24px 24px 8px;color:#111827;font-size:22px;font-weight:600">${escape(draft.heading)}</td></tr>
<tr><td style="padding:0 24px 16px;color:#374151;font-size:15px;line-height:1.5">
${body}
</td></tr>
<tr><td style="padding:16px 24px;background:#f9fafb;color:#6b7280;font-size:12px;line-height:1.5;border-top:1px solid #e5e7eb">${escape(draft.footer)}</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
}

function blockHtml(block: Block): string {
  if ('p' in block) return `<p style="margin:0 0 14px">${escape(block.p)}</p>`;
  if ('small' in block) return `<p style="margin:0 0 14px;color:#6b7280;font-size:12px;word-break:break-all">${escape(block.small)}</p>`;
  if ('lines' in block) {
    const rows = block.lines
      .map(
        (line) =>
          `<tr><td style="padding:6px 0;border-bottom:1px solid #f3f4f6">${escape(line.name)} <span style="color:#6b7280">${line.quantity === 0 ? `— ${NOT_AVAILABLE}` : `× ${line.quantity}${escape(packedShort(line))}`}</span></td>` +
          `<td align="right" style="padding:6px 0;border-bottom:1px solid #f3f4f6;white-space:nowrap">${line.quantity === 0 ? '' : escape(formatRupees(line.pricePaise * line.quantity))}</td></tr>`,
      )
      .join('');
    return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 8px;font-size:14px">${rows}</table>`;
  }
  if ('totals' in block) {
    const rows = block.totals
      .map(([label, value], i, all) => {
        const last = i === all.length - 1 && label === 'Total';
        const style = last ? 'padding:6px 0;font-weight:700;font-size:16px;color:#111827;border-top:1px solid #e5e7eb' : 'padding:2px 0;color:#4b5563';
        return `<tr><td style="${style}">${escape(label)}</td><td align="right" style="${style};white-space:nowrap">${escape(value)}</td></tr>`;
      })
      .join('');
    return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px">${rows}</table>`;
  }
  if ('facts' in block) {
    const rows = block.facts
      .map(
        ([label, value]) =>
          `<tr><td valign="top" style="padding:4px 12px 4px 0;color:#6b7280;white-space:nowrap">${escape(label)}</td><td style="padding:4px 0;color:#111827">${escape(value)}</td></tr>`,
      )
      .join('');
    return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px;background:#f9fafb;border-radius:6px;padding:8px 12px;width:100%">${rows}</table>`;
  }
  return `<p style="margin:8px 0 18px"><a href="${escape(block.button.href)}" style="display:inline-block;background:${GREEN};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escape(block.button.label)}</a></p>`;
}

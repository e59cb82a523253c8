import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatMoney } from '../../../../shared/money';
import type { Receipt } from '../../../../shared/payments-api';

/**
 * A receipt or a credit note (one layout for both) as a one-page A4 PDF (pdf-lib), with the same
 * fields as its HTML page.
 */
export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const credit = receipt.kind === 'credit-note';
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${credit ? 'Credit note' : 'Receipt'} ${receipt.number}`);
  pdf.setAuthor(receipt.practice.name);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]);
  let y = 790;
  // Helvetica's WinAnsi encoding has "£" but not every character a name may hold.
  const safe = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');
  const line = (text: string, options: { size?: number; strong?: boolean; gap?: number } = {}) => {
    const size = options.size ?? 10.5;
    page.drawText(safe(text), {
      x: 50,
      y,
      size,
      font: options.strong ? bold : font,
      color: rgb(0.1, 0.1, 0.1),
    });
    y -= options.gap ?? size + 6;
  };
  const paidOn = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeZone: 'Europe/London',
  }).format(new Date(receipt.date));
  line(credit ? 'Credit note' : 'Receipt', { size: 20, strong: true, gap: 28 });
  line(`Number: ${receipt.number}`, { strong: true });
  if (receipt.receiptNumber) line(`For receipt: ${receipt.receiptNumber}`);
  line(`${credit ? 'Date refunded' : 'Date paid'}: ${paidOn}`, { gap: 24 });
  line('Client', { strong: true });
  line(receipt.client.name || receipt.client.email);
  if (receipt.client.address) line(receipt.client.address);
  y -= 8;
  line('Practitioner', { strong: true });
  line(`${receipt.practitioner.name}, ${receipt.practitioner.title}`);
  line(
    `${receipt.practitioner.professionalBody} (${receipt.practitioner.grade}), membership number ${receipt.practitioner.membershipNumber}`,
  );
  line(`${receipt.practice.name}, ${receipt.practice.address}`, { gap: 24 });
  line('Sessions', { strong: true });
  for (const session of receipt.sessions) {
    line(
      `${session.date}, ${session.time} (London), ${session.minutes} minutes, ${session.service}: ${formatMoney(session.fee)}`,
    );
  }
  for (const taken of receipt.credits ?? []) {
    line(`Less, the session of ${taken.date}, cancelled: -${formatMoney(taken.amount)}`);
  }
  y -= 8;
  line(`Fee per session: ${formatMoney(receipt.feePerSession)}`);
  line(`${credit ? 'Total refunded' : 'Total paid'}: ${formatMoney(receipt.total)}`, {
    strong: true,
  });
  if (!credit && receipt.refunded > 0) line(`Refunded: ${formatMoney(receipt.refunded)}`);
  if (receipt.card) {
    const how = credit ? 'Refunded to card' : 'Paid by card';
    line(`${how}: ${receipt.card.brand} ending ${receipt.card.last4}`);
  }
  y -= 12;
  line(receipt.vatSentence, { size: 9.5 });
  return pdf.save();
}

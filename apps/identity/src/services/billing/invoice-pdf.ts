import { formatAmount } from '@brizo/contract/entities/billing';
import type { InvoiceRow } from '../../db/queries/billing.js';
import { reportPdf } from '../reports/pdf.js';
import { planOf } from './plans.js';

// Issue 15: an invoice as a PDF, drawn by the reports' own PDF writer: the receipt number, the account,
// the plan and period, the amount (cents / 100, 2 decimals: SPEC section 9) and how it was paid.

const day = (date: Date) => date.toISOString().slice(0, 10);

export function invoicePdf(invoice: InvoiceRow, tenantName: string, now: Date): Buffer {
  const amount = formatAmount(invoice.totalAmount, invoice.currency);
  const plan = planOf(invoice.planSlug)?.name ?? invoice.planSlug;
  return reportPdf({
    title: `Invoice ${invoice.receiptNumber}`,
    subtitle: `${tenantName}, ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`,
    generatedAt: now,
    sections: [
      {
        kind: 'figures',
        heading: 'Summary',
        figures: [
          { label: 'Receipt number', value: invoice.receiptNumber },
          { label: 'Payment date', value: day(invoice.paymentDate) },
          { label: 'Total', value: `${amount} ${invoice.currency.toUpperCase()}` },
          { label: 'Status', value: invoice.paid ? 'Paid' : 'Unpaid' },
        ],
      },
      {
        kind: 'table',
        heading: 'Items',
        columns: ['Description', 'Period', 'Amount'],
        rows: [[`${plan} plan, monthly`, `${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`, amount]],
        empty: 'No items',
        ...(invoice.paidWith ? { note: `Paid with ${invoice.paidWith}.` } : {}),
      },
    ],
  });
}

import type { AuditSeverity } from '../../db/schema/index.js';

/** Issue 15: every change of a tenant's subscription and billing, recorded in the tenant's audit log. */
export const billingAuditEvents = {
  subscriptionPlanChanged: { action: 'Subscription plan changed', severity: 'High' },
  subscriptionCanceled: { action: 'Subscription canceled', severity: 'High' },
  subscriptionRenewed: { action: 'Subscription renewed', severity: 'Medium' },
  paymentMethodAdded: { action: 'Payment method added', severity: 'High' },
  subscriptionPaymentMethodChanged: { action: 'Subscription payment method changed', severity: 'High' },
  billingDetailsUpdated: { action: 'Billing details updated', severity: 'Medium' },
  billingCustomerCreated: { action: 'Billing customer created', severity: 'Medium' },
} satisfies Record<string, { action: string; severity: AuditSeverity }>;

export type BillingAuditEvent = (typeof billingAuditEvents)[keyof typeof billingAuditEvents];

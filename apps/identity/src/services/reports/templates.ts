import type { AdminPermission } from '@brizo/contract';
import {
  auditSeverities,
  type ReportDataFilter,
  type ReportFilterValues,
} from '@brizo/contract/entities/reports';
import { signInMethodLabels, signInMethods } from '@brizo/contract/entities/usage';
import type { Db } from '../../db/client.js';
import {
  countAuditActionsByDay,
  countAuditBySeverityAndAction,
  countDistinctUsers,
  countOpenInvitations,
  countSeats,
  listAuditEventsBySeverity,
  listMemberActivity,
} from '../../db/queries/usage.js';
import { usageOfTenant } from '../usage/index.js';
import { lockoutActions, signInActions } from '../usage/sign-in-actions.js';
import type { DayRange } from '../usage/day-range.js';
import type { ReportDocument, ReportSection } from './document.js';

// The built-in report templates (issue 14). Each reads only its tenant's data and needs, beyond the
// Usage section's fe.usage.read, the permission that reads the same data elsewhere in the portal: a
// report never shows an administrator what the portal itself would not.

export interface ReportContext {
  db: Db;
  tenantId: string;
  tenantName: string;
  range: DayRange;
  filters: ReportFilterValues;
  now: Date;
}

export interface ReportTemplate {
  id: string;
  name: string;
  description: string;
  /** What reading this report takes, besides fe.usage.read. */
  permission: AdminPermission;
  dataFilters: ReportDataFilter[];
  build(context: ReportContext): Promise<ReportDocument>;
}

/** Audit severities from the least to the most severe (Error, a failure of the server, ranks with High). */
const severityRank: Record<string, number> = { Info: 0, Medium: 1, High: 2, Error: 2, Critical: 3 };
const severitiesFrom = (lowest: string) =>
  auditSeverities.filter((severity) => (severityRank[severity] ?? 0) >= (severityRank[lowest] ?? 0));

const rangeFilters: ReportDataFilter[] = [
  {
    type: 'number',
    config: {
      type: 'number',
      name: 'days',
      label: 'Last days (up to today, UTC)',
      min: '1',
      max: '366',
      integer: true,
      defaultValue: '30',
    },
  },
  { type: 'date', config: { type: 'date', name: 'from', label: 'From (UTC day, instead of last days)' } },
  { type: 'date', config: { type: 'date', name: 'to', label: 'To (UTC day)' } },
];

const severityFilter = (defaultValue: string): ReportDataFilter => ({
  type: 'select',
  config: {
    type: 'select',
    name: 'severity',
    label: 'Lowest severity',
    defaultValue,
    options: ['Info', 'Medium', 'High', 'Critical'].map((value) => ({ label: value, value })),
  },
});

const number = (value: number) => value.toLocaleString('en-US');
const percent = (part: number, whole: number) =>
  whole === 0 ? 'n/a' : `${Math.round((part / whole) * 100)}%`;
const utcTime = (date: Date) => `${date.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
const subtitleOf = (context: ReportContext, what = '') =>
  `${context.tenantName} · ${context.range.from} to ${context.range.to} (UTC)${what}`;

const SEVERE_EVENTS_SHOWN = 50;
const ACTIONS_SHOWN = 100;
const MEMBERS_SHOWN = 200;

const securitySummary: ReportTemplate = {
  id: 'security-summary',
  name: 'Security summary',
  description:
    'Sign-ins by method, failed sign-ins, lockouts, MFA adoption and the severe audit events of the period.',
  permission: 'fe.secure.read.audits',
  dataFilters: [...rangeFilters, severityFilter('High')],
  async build(context) {
    const { db, tenantId, range } = context;
    const lowest = context.filters.severity ?? 'High';
    const severities = severitiesFrom(lowest);
    const [usage, lockouts, severe] = await Promise.all([
      usageOfTenant(db, tenantId, range, context.now),
      countAuditActionsByDay(db, tenantId, lockoutActions, range.interval),
      listAuditEventsBySeverity(db, tenantId, range.interval, severities, SEVERE_EVENTS_SHOWN),
    ]);
    const byMethod = signInMethods.map((method) => ({
      method,
      total: usage.days.reduce((sum, day) => sum + day.signIns[method], 0),
    }));
    const signIns = byMethod.reduce((sum, entry) => sum + entry.total, 0);
    const failed = usage.days.reduce((sum, day) => sum + day.failedSignIns, 0);
    const { enrolled, members } = usage.mfaAdoption;
    return {
      title: 'Security summary',
      subtitle: subtitleOf(context),
      generatedAt: context.now,
      sections: [
        {
          kind: 'figures',
          heading: 'At a glance',
          figures: [
            { label: 'Successful sign-ins', value: number(signIns) },
            { label: 'Failed sign-ins', value: number(failed) },
            { label: 'Accounts locked', value: number(lockouts.reduce((sum, row) => sum + row.count, 0)) },
            {
              label: 'MFA adoption',
              value: `${percent(enrolled, members)} (${number(enrolled)} of ${number(members)} members)`,
            },
          ],
        },
        {
          kind: 'table',
          heading: 'Sign-ins by method',
          columns: ['Method', 'Sign-ins'],
          rows: byMethod.map((entry) => [signInMethodLabels[entry.method], number(entry.total)]),
          empty: 'No sign-ins in this period.',
        },
        {
          kind: 'table',
          heading: `Audit events of severity ${lowest} and above`,
          columns: ['When', 'Severity', 'Action', 'User', 'IP address'],
          rows: severe.map((event) => [
            utcTime(event.createdAt),
            event.severity,
            event.action,
            event.email ?? '',
            event.ip ?? '',
          ]),
          empty: `No audit events of severity ${lowest} or above in this period.`,
          ...(severe.length === SEVERE_EVENTS_SHOWN && {
            note: `The newest ${SEVERE_EVENTS_SHOWN} are shown.`,
          }),
        },
      ],
    };
  },
};

const userActivity: ReportTemplate = {
  id: 'user-activity',
  name: 'User activity',
  description: 'Members, their last sign-in and MFA, and who has not signed in for a while.',
  permission: 'fe.secure.read.users',
  dataFilters: [
    ...rangeFilters,
    {
      type: 'number',
      config: {
        type: 'number',
        name: 'inactiveDays',
        label: 'Inactive after (days without a sign-in)',
        min: '1',
        max: '365',
        integer: true,
        defaultValue: '30',
      },
    },
  ],
  async build(context) {
    const { db, tenantId, range, now } = context;
    const inactiveDays = context.filters.inactiveDays ?? 30;
    const inactiveBefore = now.getTime() - inactiveDays * 24 * 60 * 60 * 1000;
    const [seats, openInvitations, members, signedIn] = await Promise.all([
      countSeats(db, tenantId, now),
      countOpenInvitations(db, tenantId, now),
      listMemberActivity(db, tenantId, now, MEMBERS_SHOWN),
      countDistinctUsers(db, tenantId, Object.values(signInActions), range.interval),
    ]);
    const isInactive = (member: (typeof members)[number]) =>
      member.state === 'active' && (member.lastLogin === null || member.lastLogin.getTime() < inactiveBefore);
    const inactive = members.filter(isInactive);
    const total = seats.active + seats.pendingMembers + seats.disabled;
    const states = { active: 'Active', pending: 'Pending activation', disabled: 'Disabled' } as const;
    const sections: ReportSection[] = [
      {
        kind: 'figures',
        heading: 'Members',
        figures: [
          { label: 'Active members', value: number(seats.active) },
          { label: 'Pending invitations', value: number(seats.pendingMembers + openInvitations) },
          { label: 'Disabled', value: number(seats.disabled) },
          { label: `Inactive for ${inactiveDays} days or more`, value: number(inactive.length) },
          { label: 'Signed in during the period', value: number(signedIn) },
        ],
      },
      {
        kind: 'table',
        heading: `Inactive members (no sign-in for ${inactiveDays} days)`,
        columns: ['Email', 'Name', 'Last sign-in'],
        rows: inactive.map((member) => [
          member.email,
          member.name,
          member.lastLogin ? utcTime(member.lastLogin) : 'Never',
        ]),
        empty: 'Every active member signed in recently.',
      },
      {
        kind: 'table',
        heading: 'All members',
        columns: ['Email', 'Name', 'State', 'Last sign-in', 'MFA'],
        rows: members.map((member) => [
          member.email,
          member.name,
          states[member.state],
          member.lastLogin ? utcTime(member.lastLogin) : 'Never',
          member.mfaEnrolled ? 'Enrolled' : 'No',
        ]),
        empty: 'This account has no members.',
        note:
          total > members.length
            ? `The ${number(members.length)} least recently active of ${number(total)} members are shown.`
            : 'Least recently active first.',
      },
    ];
    return { title: 'User activity', subtitle: subtitleOf(context), generatedAt: now, sections };
  },
};

const auditDigest: ReportTemplate = {
  id: 'audit-digest',
  name: 'Audit digest',
  description: 'The audit events of the period by severity and by action.',
  permission: 'fe.secure.read.audits',
  dataFilters: [...rangeFilters, severityFilter('Info')],
  async build(context) {
    const { db, tenantId, range } = context;
    const lowest = context.filters.severity ?? 'Info';
    const rows = await countAuditBySeverityAndAction(
      db,
      tenantId,
      range.interval,
      severitiesFrom(lowest),
      1000,
    );
    const bySeverity = new Map<string, number>();
    for (const row of rows) bySeverity.set(row.severity, (bySeverity.get(row.severity) ?? 0) + row.count);
    const total = rows.reduce((sum, row) => sum + row.count, 0);
    return {
      title: 'Audit digest',
      subtitle: subtitleOf(context),
      generatedAt: context.now,
      sections: [
        {
          kind: 'figures',
          heading: 'Events by severity',
          figures: [
            { label: `All events (${lowest} and above)`, value: number(total) },
            ...severitiesFrom(lowest).map((severity) => ({
              label: severity,
              value: number(bySeverity.get(severity) ?? 0),
            })),
          ],
        },
        {
          kind: 'table',
          heading: 'Events by action',
          columns: ['Action', 'Severity', 'Events'],
          rows: rows.slice(0, ACTIONS_SHOWN).map((row) => [row.action, row.severity, number(row.count)]),
          empty: 'No audit events in this period.',
          ...(rows.length > ACTIONS_SHOWN && {
            note: `The ${ACTIONS_SHOWN} most frequent actions are shown.`,
          }),
        },
      ],
    };
  },
};

export const reportTemplates: readonly ReportTemplate[] = [securitySummary, userActivity, auditDigest];

export const findTemplate = (id: string): ReportTemplate | undefined =>
  reportTemplates.find((template) => template.id === id);

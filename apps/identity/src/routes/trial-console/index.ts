import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endingTrialsPageSchema,
  funnelGroupingSchema,
  funnelSchema,
  FUNNEL_MAX_WEEKS,
  MAX_EXTENSION_DAYS,
  TRIAL_CONSOLE_MAX_PAGE,
  trialGrantSchema,
  underReviewPageSchema,
} from '@brizo/contract/entities/trial-console';
import { z } from 'zod';
import { vendorCallerOf } from '../../services/entitlements/vendor-caller.js';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';
import { requestMeta } from '../schemas.js';

// Issue 15 (prefix /trial-console): the superuser console's free-trial funnel. Our own vendor-level
// calls, not hosted Frontegg's: its SDK has no such area.

const day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
const DAY_MS = 86_400_000;

const funnelQuery = z
  .object({ from: day, to: day, groupBy: funnelGroupingSchema.default('week') })
  .refine(({ from, to }) => from <= to, { error: 'from must not be after to', path: ['from'] })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) < FUNNEL_MAX_WEEKS * 7 * DAY_MS, {
    error: `the range may span at most ${FUNNEL_MAX_WEEKS} weeks`,
    path: ['to'],
  });

const paging = z.object({
  _offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  _limit: z.coerce.number().int().min(1).max(TRIAL_CONSOLE_MAX_PAGE).default(20),
  _filter: z.string().trim().max(200).optional().describe('A part of the email or name, any case'),
});

const userId = z.uuid({ error: 'must be a valid id' });

const extension = z.union([
  z.object({ userId, days: z.number().int().min(1).max(MAX_EXTENSION_DAYS) }).strict(),
  z.object({ userId, until: day }).strict(),
]);

export const trialConsoleRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'trial-console');
  const { trialConsole } = services;
  const pageOf = (query: z.output<typeof paging>) => ({
    offset: query._offset,
    limit: query._limit,
    search: query._filter || undefined,
  });

  route({
    name: 'funnel',
    method: 'GET',
    url: '/resources/v1/funnel',
    summary:
      'Sign-ups, activations, first sign-ins, trials and paid accounts, by week or source (superuser only)',
    description:
      'People who signed up themselves (a work or a personal email) between from and to (whole UTC days, ' +
      `at most ${FUNNEL_MAX_WEEKS} weeks), grouped by the Monday of their ISO week or by their source.`,
    access: 'vendor',
    query: funnelQuery,
    response: funnelSchema,
    handler: ({ query }) => trialConsole.funnel(query, query.groupBy),
  });
  route({
    name: 'underReview',
    method: 'GET',
    url: '/resources/v1/under-review',
    summary: 'The accounts under review, longest waiting first (superuser only)',
    description: 'Who signed up and has no product role nor access: the web app sends them to /under-review.',
    access: 'vendor',
    query: paging,
    response: underReviewPageSchema,
    handler: ({ query }) => trialConsole.underReview(pageOf(query)),
  });
  route({
    name: 'trialsEnding',
    method: 'GET',
    url: '/resources/v1/trials-ending',
    summary: 'The trials ending within some days, soonest first (superuser only)',
    access: 'vendor',
    query: paging.extend({ withinDays: z.coerce.number().int().min(1).max(365).default(7) }),
    response: endingTrialsPageSchema,
    handler: ({ query }) => trialConsole.trialsEnding(query.withinDays, pageOf(query)),
  });
  route({
    name: 'approve',
    method: 'POST',
    url: '/resources/v1/approve',
    summary: 'Approve an account under review with a free trial (superuser only)',
    description:
      'Role bfm-trial and an expiration TRIAL_DAYS from today, from the next token refresh. Someone who ' +
      'already holds a product role is answered unchanged.',
    access: 'vendor',
    body: z.object({ userId }),
    response: trialGrantSchema,
    handler: ({ body, claims, request }) =>
      trialConsole.approve(body.userId, vendorCallerOf(claims, requestMeta(request))),
  });
  route({
    name: 'extendTrial',
    method: 'POST',
    url: '/resources/v1/extend-trial',
    summary: "Move a trial's last day, by days or to a date (superuser only)",
    description:
      `days (1 to ${MAX_EXTENSION_DAYS}) after the current last day, or after today once it has passed; ` +
      'or until a date. An expired trial (bfm-expired-trial) runs again.',
    access: 'vendor',
    body: extension,
    response: trialGrantSchema,
    handler: ({ body, claims, request }) =>
      trialConsole.extendTrial(body, vendorCallerOf(claims, requestMeta(request))),
  });
};

import {
  entitlementSchema,
  featureSchema,
  planSchema,
  vendorFlagSchema,
  type Entitlement,
  type Feature,
  type FeatureFlag,
  type Plan,
  type Rule,
  type Treatment,
  type VendorFlag,
} from '@brizo/contract/entities/entitlements';
import {
  endingTrialsPageSchema,
  funnelSchema,
  trialGrantSchema,
  underReviewPageSchema,
  type EndingTrialsPage,
  type Funnel,
  type FunnelGrouping,
  type TrialGrant,
  type UnderReviewPage,
} from '@brizo/contract/entities/trial-console';
import {
  oauthClientSchema,
  signingKeySchema,
  type OAuthClient,
  type OAuthClientFields,
  type SigningKey,
} from '@brizo/contract/entities/oauth-clients';
import { FetchClient } from '@frontegg/rest-api';
import { z } from 'zod';
import { APP_NAME } from '../store';
import { callApi } from './call-api';
import { readAnswer } from './read-answer';

// Issue 15, the superuser console (features/console): the free-trial funnel and its two actions
// (/trial-console, ours), and the vendor's plans, features, entitlements, their setting and the
// feature flags (/entitlements and /flags). Issue 16: the hosted login's OAuth clients and the access
// tokens' signing keys (/oauth/resources/clients, /identity/resources/vendor-keys). The official client has none of these calls, so they go
// through its FetchClient, and every answer is read with the contract's schema.

export type {
  EndingTrialsPage,
  Entitlement,
  Feature,
  Funnel,
  FunnelGrouping,
  Plan,
  TrialGrant,
  UnderReviewPage,
};
export type { FeatureFlag, Rule, Treatment, VendorFlag };
export type { OAuthClient, OAuthClientFields, SigningKey };

const TRIALS = '/trial-console/resources/v1';
const ENTITLEMENTS = '/entitlements/resources';
const FLAGS = '/flags/resources/v1';
const CLIENTS = '/oauth/resources/clients/v1';
const KEYS = '/identity/resources/vendor-keys/v1';

const client = () => new FetchClient(APP_NAME);

/** A page of the console's lists of people, and a part of their email or name to find. */
export interface PersonPage {
  offset: number;
  limit: number;
  search?: string;
}

const personQuery = ({ offset, limit, search }: PersonPage) => ({
  _offset: offset,
  _limit: limit,
  ...(search ? { _filter: search } : {}),
});
const settingSchema = z.object({ enabled: z.boolean() });

const get = <T extends z.ZodType>(schema: T, what: string, url: string, params?: Record<string, unknown>) =>
  callApi(
    () => client().get(url, params),
    (answer) => readAnswer(schema, answer, what),
  );
const send = <T extends z.ZodType>(
  schema: T,
  what: string,
  method: 'post' | 'patch' | 'put',
  url: string,
  body: unknown,
) =>
  callApi(
    () => client()[method](url, body),
    (answer) => readAnswer(schema, answer, what),
  );
const remove = (url: string) =>
  callApi(
    () => client().delete(url),
    () => undefined,
  );

export interface PlanFields {
  name: string;
  description: string;
  defaultTreatment: Treatment;
  rules: Rule[];
  featureIds: string[];
}

export interface FeatureFields {
  key: string;
  name: string;
  description: string;
  linkedPermissions: string[];
  featureFlag: FeatureFlag | null;
  planIds: string[];
}

export interface EntitlementFields {
  tenantId: string;
  userId: string | null;
  planId: string | null;
  featureId: string | null;
  /** ISO date-time; null: never ends. */
  expiresAt: string | null;
}

export type FlagChanges = Partial<Pick<VendorFlag, 'on' | 'offTreatment' | 'defaultTreatment' | 'rules'>>;

export type TrialExtension = { userId: string; days: number } | { userId: string; until: string };

export const consoleApi = {
  funnel: (range: { from: string; to: string }, groupBy: FunnelGrouping): Promise<Funnel> =>
    get(funnelSchema, 'funnel', `${TRIALS}/funnel`, { ...range, groupBy }),
  underReview: (page: PersonPage): Promise<UnderReviewPage> =>
    get(underReviewPageSchema, 'accounts under review', `${TRIALS}/under-review`, personQuery(page)),
  trialsEnding: (withinDays: number, page: PersonPage): Promise<EndingTrialsPage> =>
    get(endingTrialsPageSchema, 'trials ending', `${TRIALS}/trials-ending`, {
      withinDays,
      ...personQuery(page),
    }),
  approve: (userId: string): Promise<TrialGrant> =>
    send(trialGrantSchema, 'approval', 'post', `${TRIALS}/approve`, { userId }),
  extendTrial: (extension: TrialExtension): Promise<TrialGrant> =>
    send(trialGrantSchema, 'trial extension', 'post', `${TRIALS}/extend-trial`, extension),

  plans: (): Promise<Plan[]> => get(z.array(planSchema), 'plans', `${ENTITLEMENTS}/plans/v1`),
  createPlan: (fields: PlanFields): Promise<Plan> =>
    send(planSchema, 'plan', 'post', `${ENTITLEMENTS}/plans/v1`, fields),
  updatePlan: (id: string, fields: Partial<PlanFields>): Promise<Plan> =>
    send(planSchema, 'plan', 'patch', `${ENTITLEMENTS}/plans/v1/${id}`, fields),
  deletePlan: (id: string): Promise<void> => remove(`${ENTITLEMENTS}/plans/v1/${id}`),

  features: (): Promise<Feature[]> => get(z.array(featureSchema), 'features', `${ENTITLEMENTS}/features/v1`),
  createFeature: (fields: FeatureFields): Promise<Feature> =>
    send(featureSchema, 'feature', 'post', `${ENTITLEMENTS}/features/v1`, fields),
  updateFeature: (id: string, fields: Partial<FeatureFields>): Promise<Feature> =>
    send(featureSchema, 'feature', 'patch', `${ENTITLEMENTS}/features/v1/${id}`, fields),
  deleteFeature: (id: string): Promise<void> => remove(`${ENTITLEMENTS}/features/v1/${id}`),

  entitlements: (tenantId: string): Promise<Entitlement[]> =>
    get(z.array(entitlementSchema), 'entitlements', `${ENTITLEMENTS}/entitlements/v1`, { tenantId }),
  grant: (fields: EntitlementFields): Promise<Entitlement> =>
    send(entitlementSchema, 'entitlement', 'post', `${ENTITLEMENTS}/entitlements/v1`, fields),
  revoke: (id: string): Promise<void> => remove(`${ENTITLEMENTS}/entitlements/v1/${id}`),
  isEnforced: async (): Promise<boolean> =>
    (await get(settingSchema, 'entitlements setting', `${ENTITLEMENTS}/settings/v1`)).enabled,
  setEnforced: async (enabled: boolean): Promise<boolean> =>
    (await send(settingSchema, 'entitlements setting', 'put', `${ENTITLEMENTS}/settings/v1`, { enabled }))
      .enabled,

  flags: (): Promise<VendorFlag[]> => get(z.array(vendorFlagSchema), 'feature flags', FLAGS),
  updateFlag: (key: string, changes: FlagChanges): Promise<VendorFlag> =>
    send(vendorFlagSchema, 'feature flag', 'patch', `${FLAGS}/${encodeURIComponent(key)}`, changes),

  oauthClients: (): Promise<OAuthClient[]> => get(z.array(oauthClientSchema), 'OAuth clients', CLIENTS),
  createOAuthClient: (fields: OAuthClientFields): Promise<OAuthClient> =>
    send(oauthClientSchema, 'OAuth client', 'post', CLIENTS, fields),
  updateOAuthClient: (clientId: string, fields: Partial<OAuthClientFields>): Promise<OAuthClient> =>
    send(oauthClientSchema, 'OAuth client', 'patch', `${CLIENTS}/${encodeURIComponent(clientId)}`, fields),
  deleteOAuthClient: (clientId: string): Promise<void> =>
    remove(`${CLIENTS}/${encodeURIComponent(clientId)}`),

  signingKeys: (): Promise<SigningKey[]> => get(z.array(signingKeySchema), 'signing keys', KEYS),
  rotateSigningKey: (): Promise<SigningKey> =>
    send(signingKeySchema, 'signing key', 'post', `${KEYS}/rotate`, {}),
};

export type ConsoleApi = typeof consoleApi;

import {
  policyPreviewSchema,
  type PolicyPreview,
  type PolicyPreviewRequest,
} from '@brizo/contract/entities/policy-preview';
import { FetchClient } from '@frontegg/rest-api';
import { APP_NAME } from '../store';
import { callApi } from './call-api';
import { usePreviewMode } from './portal';
import { readAnswer } from './read-answer';

// Issue 14, the policy impact preview: who a security policy would affect in the active account if
// it were saved as the form holds it (POST /identity/resources/configurations/v1/policy-preview). The
// official client has no call for it, so it goes through the client's FetchClient, and every answer
// is read with the contract's schema. Preview mode calls nothing: the forms then save without one.

export type { PolicyPreview, PolicyPreviewRequest };

const PATH = '/identity/resources/configurations/v1/policy-preview';

export const policyPreviewApi = {
  /** One page of the preview (offset, limit at most 100). */
  preview: (request: PolicyPreviewRequest): Promise<PolicyPreview> =>
    callApi(
      () => new FetchClient(APP_NAME).post(PATH, request),
      (answer) => readAnswer(policyPreviewSchema, answer, 'policy preview'),
    ),
};

export type PolicyPreviewApi = typeof policyPreviewApi;

/** The preview's client, or null in preview mode (no server to ask). */
export function usePolicyPreviewApi(): PolicyPreviewApi | null {
  return usePreviewMode() ? null : policyPreviewApi;
}

import {
  scimDirectoryCreatedSchema,
  scimDirectorySchema,
  scimDirectoryTokenSchema,
  scimRequestLogsSchema,
  scimUsersCountSchema,
  type ScimDirectory,
  type ScimRequestLog,
  type ScimSource,
} from '@brizo/contract/entities/scim-directory';
import { api, FetchClient } from '@frontegg/rest-api';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { APP_NAME } from '../store';
import { errorMessage } from './api-error';
import { callApi } from './call-api';
import { usePreviewMode } from './portal';
import { readAnswer } from './read-answer';

// The Provisioning section's data: the tenant's SCIM 2.0 directories (/directory/resources), each with
// its bearer token (answered once, when created or rotated), the number of users it provisioned and
// its last provisioning calls. The store's ProvisioningState covers neither rotation nor logs, so the
// adapter calls the official client (and its FetchClient for the rest). Preview mode calls nothing.

/** Where a directory's people come from (the SDK's ScimConnectionSource). */
export const directorySources = [
  { value: 'okta', label: 'Okta' },
  { value: 'azure-ad', label: 'Microsoft Entra ID' },
  { value: 'other', label: 'Other' },
] as const;
export type DirectorySource = ScimSource;

export type Directory = ScimDirectory & {
  /** Users it provisioned, or null when the count could not be read. */
  userCount: number | null;
};
export type ProvisioningLog = ScimRequestLog;

/** A bearer token as it is shown, once. */
export interface ShownToken {
  directoryName: string;
  token: string;
  scimBaseUrl: string;
}

const BASE = '/directory/resources/v1/configurations/scim2';
const client = () => new FetchClient(APP_NAME);

export const provisioningApi = {
  list: async (): Promise<Directory[]> => {
    const directories = await callApi(
      () => api.directory.getConfigs(),
      (answer) => readAnswer(z.array(scimDirectorySchema), answer, 'SCIM directories'),
    );
    return Promise.all(
      directories.map(async (directory) => ({
        ...directory,
        // One count that fails leaves the others: the list says it does not know.
        userCount: await api.directory
          .countConfigurationUsers(directory.id)
          .then((answer: unknown) => readAnswer(scimUsersCountSchema, answer, 'SCIM user count').count)
          .catch(() => null),
      })),
    );
  },
  /** Creates a directory; answers its token, which is never shown again. */
  create: (connectionName: string, source: DirectorySource): Promise<ShownToken> =>
    callApi(
      () =>
        api.directory.createConfiguration({
          connectionName,
          // The SDK declares the sources as an enum of these same strings.
          source: source as Parameters<typeof api.directory.createConfiguration>[0]['source'],
          syncToUserManagement: true,
        }),
      (answer) => {
        const created = readAnswer(scimDirectoryCreatedSchema, answer, 'SCIM directory');
        return {
          directoryName: created.connectionName,
          token: created.token,
          scimBaseUrl: created.scimBaseUrl,
        };
      },
    ),
  /** Replaces a directory's token: the old one stops working at once. */
  rotateToken: (directory: Directory): Promise<ShownToken> =>
    callApi(
      () => client().post(`${BASE}/${directory.id}/token`, {}),
      (answer) => ({
        directoryName: directory.connectionName,
        token: readAnswer(scimDirectoryTokenSchema, answer, 'SCIM token').token,
        scimBaseUrl: directory.scimBaseUrl,
      }),
    ),
  /** Deletes a directory; `deleteAll` also removes the users it provisioned (SPEC section 7). */
  remove: (id: string, deleteAll: boolean) =>
    callApi(
      () => api.directory.deleteConfiguration(id, deleteAll),
      () => undefined,
    ),
  /** The directory's last provisioning calls, latest first. */
  logs: (id: string) =>
    callApi(
      () => client().get(`${BASE}/${id}/logs`),
      (answer) => readAnswer(scimRequestLogsSchema, answer, 'SCIM provisioning log').items,
    ),
};

export type ProvisioningApi = typeof provisioningApi;

const PREVIEW_REFUSAL = 'Provisioning cannot be set up in preview mode';
const refuse = async (): Promise<never> => {
  throw new Error(PREVIEW_REFUSAL);
};
const previewApi: ProvisioningApi = {
  list: async () => [],
  create: refuse,
  rotateToken: refuse,
  remove: refuse,
  logs: async () => [],
};

export interface ProvisioningView {
  directories: Directory[];
  loaded: boolean;
  error: string | null;
  load: () => void;
  api: ProvisioningApi;
}

/** The tenant's SCIM directories, with their user counts. */
export function useProvisioning(): ProvisioningView {
  const directoryApi = usePreviewMode() ? previewApi : provisioningApi;
  const [directories, setDirectories] = useState<Directory[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    directoryApi
      .list()
      .then(setDirectories)
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setLoaded(true));
  }, [directoryApi]);
  useEffect(() => load(), [load]);
  return { directories, loaded, error, load, api: directoryApi };
}

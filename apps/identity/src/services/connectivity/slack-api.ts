import { z } from 'zod';
import { appError, errorCatalogue } from '../../errors.js';
import type { OutboundFetch } from '../../lib/outbound.js';

// Slack's Web API, the three methods connectivity uses: the OAuth code exchange (oauth.v2.access), the
// channel list (conversations.list) and posting (chat.postMessage). The base URL is SLACK_API_URL, so
// tests talk to a local server; calls go through the SSRF-guarded outbound fetch like every other.

/** What the "Add to Slack" link asks for: post (also where the bot was not invited), list channels. */
export const SLACK_SCOPE = 'chat:write,chat:write.public,channels:read,groups:read';
const SLACK_TIMEOUT_MS = 10_000;
const MAX_CHANNEL_PAGES = 10;

const slackAnswer = z.object({ ok: z.boolean(), error: z.string().optional() });
const accessAnswer = z.object({
  access_token: z.string(),
  team: z.object({ id: z.string(), name: z.string().optional() }).nullish(),
});
const channelsAnswer = z.object({
  channels: z.array(z.object({ id: z.string(), name: z.string().optional() })).default([]),
  response_metadata: z.object({ next_cursor: z.string().optional() }).optional(),
});

export interface SlackInstallationGrant {
  accessToken: string;
  teamId: string;
  teamName: string;
}

export function createSlackApi(deps: { apiUrl: string; outbound: OutboundFetch }) {
  const call = async (method: string, init: RequestInit): Promise<unknown> => {
    let body: unknown;
    try {
      const response = await deps.outbound(`${deps.apiUrl}/${method}`, {
        ...init,
        timeoutMs: SLACK_TIMEOUT_MS,
      });
      body = await response.json();
    } catch {
      throw appError(errorCatalogue.connectivity.slackRequestFailed, 'Slack could not be reached');
    }
    const answer = slackAnswer.safeParse(body);
    if (!answer.success || !answer.data.ok) {
      const reason = answer.success ? (answer.data.error ?? 'unknown_error') : 'unreadable answer';
      throw appError(errorCatalogue.connectivity.slackRequestFailed, `Slack refused the request: ${reason}`);
    }
    return body;
  };

  const parsed = <T>(schema: z.ZodType<T>, body: unknown): T => {
    const result = schema.safeParse(body);
    if (!result.success)
      throw appError(errorCatalogue.connectivity.slackRequestFailed, 'Slack answered in an unexpected shape');
    return result.data;
  };

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  return {
    /** The OAuth v2 code exchange: the bot token and the workspace it is for. */
    async exchangeCode(grant: {
      clientId: string;
      clientSecret: string;
      code: string;
    }): Promise<SlackInstallationGrant> {
      const body = await call('oauth.v2.access', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: grant.clientId,
          client_secret: grant.clientSecret,
          code: grant.code,
        }).toString(),
      });
      const access = parsed(accessAnswer, body);
      return {
        accessToken: access.access_token,
        teamId: access.team?.id ?? '',
        teamName: access.team?.name ?? '',
      };
    },

    /** The workspace's channels the bot can see (public and private, not archived). */
    async listChannels(token: string): Promise<Array<{ id: string; name: string }>> {
      const channels: Array<{ id: string; name: string }> = [];
      let cursor = '';
      for (let page = 0; page < MAX_CHANNEL_PAGES; page += 1) {
        const query = new URLSearchParams({
          types: 'public_channel,private_channel',
          exclude_archived: 'true',
          limit: '200',
          ...(cursor && { cursor }),
        });
        const answer = parsed(
          channelsAnswer,
          await call(`conversations.list?${query.toString()}`, { method: 'GET', headers: bearer(token) }),
        );
        channels.push(
          ...answer.channels.map((channel) => ({ id: channel.id, name: channel.name ?? channel.id })),
        );
        cursor = answer.response_metadata?.next_cursor ?? '';
        if (!cursor) break;
      }
      return channels;
    },

    async postMessage(token: string, message: { channel: string; text: string }): Promise<void> {
      await call('chat.postMessage', {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(message),
      });
    },
  };
}

export type SlackApi = ReturnType<typeof createSlackApi>;

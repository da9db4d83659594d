import { Alert, Tabs } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SectionPage } from '../../../components/admin';
import {
  useConnectivityData,
  type ConnectivityApi,
  type ConnectivityChannel,
} from '../../../sdk/admin/connectivity';
import { channelLabels, ChannelsOverview } from './channels-overview';
import { RecipientsPanel } from './recipients-panel';
import { SlackPanel } from './slack-panel';
import { forgetSlackState, isExpectedSlackState } from './webhook-form';
import { WebhooksPanel } from './webhooks-panel';

const readCategories = (connectivity: ConnectivityApi) => connectivity.categories();
const readOverview = (connectivity: ConnectivityApi) => connectivity.overview();
const tabs = Object.keys(channelLabels) as ConnectivityChannel[];
const isTab = (value: string | null): value is ConnectivityChannel =>
  tabs.includes(value as ConnectivityChannel);

/**
 * Webhooks (SPEC sections 2, 3, 4 and 7; issue 14): where the account's events go. An overview of the
 * channels, then one tab each: webhooks (with their editor, test event and delivery log), email, SMS and
 * Slack. Slack's OAuth sends the administrator back here with ?code=, which the Slack tab hands on.
 */
export function WebhooksSection() {
  const categories = useConnectivityData(readCategories, []);
  const overview = useConnectivityData(readOverview, []);
  const [params, setParams] = useSearchParams();
  const slackCode = params.get('code');
  const slackState = params.get('state');
  const [code, setCode] = useState(() =>
    slackCode ? { code: slackCode, state: slackState, isExpected: isExpectedSlackState(slackState) } : null,
  );
  const [tab, setTab] = useState<ConnectivityChannel>(() => {
    if (code) return 'slack';
    const asked = params.get('channel');
    return isTab(asked) ? asked : 'webhook';
  });
  const reloadOverview = overview.reload;
  const onChanged = useCallback(() => void reloadOverview(), [reloadOverview]);
  const onCodeUsed = useCallback(() => {
    forgetSlackState();
    setCode(null);
    // The code is good for one exchange: a reload of the page must not send it again.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('code');
        next.delete('state');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  return (
    <SectionPage
      title="Webhooks"
      description="Send your account's events to your own systems, to email, SMS and Slack."
    >
      <ChannelsOverview overview={overview.data} />
      {categories.error ? (
        <Alert color="yellow" variant="light" title="The event catalogue could not be loaded">
          {categories.error}
        </Alert>
      ) : null}
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isTab(value)) setTab(value);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((channel) => (
            <Tabs.Tab key={channel} value={channel}>
              {channelLabels[channel]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="webhook" pt="md">
          <WebhooksPanel categories={categories.data} onChanged={onChanged} />
        </Tabs.Panel>
        <Tabs.Panel value="email" pt="md">
          <RecipientsPanel key="email" channel="email" categories={categories.data} onChanged={onChanged} />
        </Tabs.Panel>
        <Tabs.Panel value="sms" pt="md">
          <RecipientsPanel key="sms" channel="sms" categories={categories.data} onChanged={onChanged} />
        </Tabs.Panel>
        <Tabs.Panel value="slack" pt="md">
          <SlackPanel
            categories={categories.data}
            code={code}
            onCodeUsed={onCodeUsed}
            onChanged={onChanged}
          />
        </Tabs.Panel>
      </Tabs>
    </SectionPage>
  );
}

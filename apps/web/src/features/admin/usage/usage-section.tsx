import { Tabs } from '@mantine/core';
import { SectionPage } from '../../../components/admin';
import { OverviewTab } from './overview-tab';
import { ReportsTab } from './reports-tab';

/**
 * Usage (SPEC section 2, issue 14): how the account is used, from what the server already records
 * (sign-ins by method, active users, MFA adoption, seats, API-token exchanges) over a range of days; and
 * the account's reports, previewed, downloaded, mailed now or on a schedule.
 */
export function UsageSection() {
  return (
    <SectionPage title="Usage" description="How your account is used, and reports mailed to your team.">
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="reports">Reports</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <OverviewTab />
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="md">
          <ReportsTab />
        </Tabs.Panel>
      </Tabs>
    </SectionPage>
  );
}

import { Tabs } from '@mantine/core';
import { EmptyState, SectionPage, useTabAppearance } from '../../../components/admin';
import { CustomLoginTab } from './custom-login-tab';
import { SettingsTab } from './settings-tab';

/** Account settings (SPEC section 2 "Account tabs": settings, customLogin). */
export function AccountSection() {
  const tabs = [
    { value: 'settings', label: 'Settings', shown: useTabAppearance('account', 'settings') !== 'hidden' },
    {
      value: 'customLogin',
      label: 'Custom login',
      shown: useTabAppearance('account', 'customLogin') !== 'hidden',
    },
  ].filter((tab) => tab.shown);
  const [first] = tabs;
  return (
    <SectionPage title="Account settings" description="Your account's details and its login box.">
      {first ? (
        <Tabs defaultValue={first.value} keepMounted={false}>
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="settings" pt="lg">
            <SettingsTab />
          </Tabs.Panel>
          <Tabs.Panel value="customLogin" pt="lg">
            <CustomLoginTab />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <EmptyState title="Nothing to show" description="Your vendor has hidden the account's tabs." />
      )}
    </SectionPage>
  );
}

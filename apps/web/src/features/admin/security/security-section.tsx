import { Tabs } from '@mantine/core';
import { SectionPage, useTabAppearance } from '../../../components/admin';
import { useFeatureFlag } from '../../../sdk';
import { DomainTab } from './domain-tab';
import { GeneralTab } from './general-tab';
import { IpTab } from './ip-tab';
import { SecurityCenter } from './security-center';
import { SessionTab } from './session-tab';

const tabs = [
  { key: 'sessionManagement', label: 'Session management', Panel: SessionTab },
  { key: 'generalSettings', label: 'General settings', Panel: GeneralTab },
  { key: 'ipRestrictions', label: 'IP restrictions', Panel: IpTab },
  { key: 'domainRestrictions', label: 'Domain restrictions', Panel: DomainTab },
] as const;

/** Security (SPEC section 2): the security center, then one tab per policy area. */
export function SecuritySection() {
  // SPEC section 9: the restriction tabs each have a flag (on by default) that can turn them off.
  const ipRestrictions = useFeatureFlag('admin_portal_ip_restrictions');
  const domainRestrictions = useFeatureFlag('admin_portal_domain_restrictions');
  const appearance = {
    sessionManagement: useTabAppearance('security', 'sessionManagement'),
    generalSettings: useTabAppearance('security', 'generalSettings'),
    ipRestrictions: useTabAppearance('security', 'ipRestrictions'),
    domainRestrictions: useTabAppearance('security', 'domainRestrictions'),
  };
  if (!ipRestrictions) appearance.ipRestrictions = 'hidden';
  if (!domainRestrictions) appearance.domainRestrictions = 'hidden';
  const visible = tabs.filter((tab) => appearance[tab.key] !== 'hidden');
  return (
    <SectionPage title="Security" description="Sessions, sign-in policies and who may reach this account.">
      <SecurityCenter />
      {visible.length === 0 ? null : (
        <Tabs defaultValue={visible[0]?.key} keepMounted={false}>
          <Tabs.List>
            {visible.map((tab) => (
              <Tabs.Tab key={tab.key} value={tab.key}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {visible.map(({ key, Panel }) => (
            <Tabs.Panel key={key} value={key} pt="md">
              <Panel />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </SectionPage>
  );
}

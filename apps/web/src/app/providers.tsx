import type { ReactNode } from 'react';
import { ConfigProvider, type BrizoConfig } from '../lib/config';
import { SdkProvider, type BrizoStore } from '../sdk';

export function AppProviders({
  config,
  store,
  children,
}: {
  config: BrizoConfig;
  store: BrizoStore;
  children: ReactNode;
}) {
  return (
    <ConfigProvider config={config}>
      <SdkProvider store={store}>{children}</SdkProvider>
    </ConfigProvider>
  );
}

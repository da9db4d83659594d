import './mantine-styles';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfigProvider, type BrizoConfig } from '../lib/config';
import { SdkProvider, type BrizoStore } from '../sdk';
import { cssVariablesResolver, theme } from './theme';

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
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <SdkProvider store={store}>{children}</SdkProvider>
      </MantineProvider>
    </ConfigProvider>
  );
}

import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { RouterStateFromReactRouter } from '../app/react-router-bridge';
import { theme } from '../app/theme';
import { ConfigProvider, type BrizoConfig } from '../lib/config';

export const testConfig: BrizoConfig = {
  baseUrl: 'http://localhost:3000',
  mainAppUrl: 'http://localhost:3000/app',
  salesEmail: 'sales@brizo.test',
  supportEmail: 'support@brizo.test',
  trialDays: 14,
  adminPortalTarget: 'sameWindow',
};

interface Options extends Omit<RenderOptions, 'wrapper'> {
  config?: Partial<BrizoConfig>;
  /** The address the router starts at. */
  route?: string;
}

/** Renders a screen with what the app provides around it (theme, configuration, router). */
export function renderScreen(ui: ReactElement, { config, route = '/', ...options }: Options = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ConfigProvider config={{ ...testConfig, ...config }}>
      <MantineProvider theme={theme}>
        <MemoryRouter initialEntries={[route]}>
          <RouterStateFromReactRouter>{children}</RouterStateFromReactRouter>
        </MemoryRouter>
      </MantineProvider>
    </ConfigProvider>
  );
  return render(ui, { wrapper, ...options });
}

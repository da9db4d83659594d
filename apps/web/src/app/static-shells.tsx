import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { STATIC_SHELL_ID } from '../components/static-shell-id';
// The shells' own modules, not the features' index files, which bring in the pages and the SDK.
import { LoginShell } from '../features/login/login-shell';
import { SignUpShell } from '../features/sign-up/sign-up-shell';
import { paths } from '../lib/paths';
import { RouterStateFromReactRouter } from './react-router-bridge';
import { ThemeProvider } from './theme-provider';

// Rendered at build time only (vite.config.ts, staticShells): the first card of the login and sign-up
// pages as static markup, so their first and largest paint come with the HTML and the stylesheet
// instead of after the scripts and the SDK's requests (issue 10, Lighthouse).

export interface StaticShell {
  /** The page's address, served with this shell when its query carries none of `unlessQuery`. */
  path: string;
  /** Query parameters that change the page's first card (an account's look, an invite link). */
  unlessQuery: string[];
  /** The markup that goes before #root. */
  html: string;
}

function render(card: ReactNode): string {
  // The app's own provider: the theme's variables come with the stylesheet, not in the HTML.
  const markup = renderToStaticMarkup(
    <ThemeProvider>
      <MemoryRouter>
        <RouterStateFromReactRouter>{card}</RouterStateFromReactRouter>
      </MemoryRouter>
    </ThemeProvider>,
  );
  // Inert: nothing can be typed into it before the app's own card takes its place.
  return `<div id="${STATIC_SHELL_ID}" inert>${markup}</div>`;
}

export function renderStaticShells(): StaticShell[] {
  return [
    { path: paths.login, unlessQuery: ['tenantId'], html: render(<LoginShell />) },
    { path: paths.signUp, unlessQuery: ['invitationToken'], html: render(<SignUpShell />) },
  ];
}

import type { SocialProvider } from '@brizo/contract/enums';
import type { ReactNode } from 'react';

// Small marks drawn inline, in each provider's colour, simplified: the login page carries no icon library,
// and the button's text names the provider (the marks are decorative).

const marks: Record<SocialProvider, ReactNode> = {
  microsoft: (
    <>
      <rect x="3" y="3" width="8.5" height="8.5" fill="#f25022" />
      <rect x="12.5" y="3" width="8.5" height="8.5" fill="#7fba00" />
      <rect x="3" y="12.5" width="8.5" height="8.5" fill="#00a4ef" />
      <rect x="12.5" y="12.5" width="8.5" height="8.5" fill="#ffb900" />
    </>
  ),
  facebook: (
    <>
      <circle cx="12" cy="12" r="10" fill="#1877f2" />
      <path d="M15 7.5h-1.8a1.7 1.7 0 0 0-1.7 1.7V22M9 13h5.5" stroke="#fff" strokeWidth="2.2" fill="none" />
    </>
  ),
  google: (
    <>
      <path d="M20 12.2a8 8 0 1 1-2.4-5.7" stroke="#ea4335" strokeWidth="3" fill="none" />
      <path d="M12 12.2h8" stroke="#4285f4" strokeWidth="3" />
    </>
  ),
  github: (
    <>
      <circle cx="12" cy="12" r="10" fill="#24292f" />
      <path
        d="M9.5 19v-2.5c-2.5.5-3-1-3.5-1.8M14.5 19v-3c0-.8-.3-1.3-.7-1.6 2.2-.3 3.7-1.2 3.7-3.7 0-.9-.3-1.6-.8-2.2.1-.5.1-1.2-.2-2-.8 0-1.5.4-2 .8a7 7 0 0 0-3 0c-.5-.4-1.2-.8-2-.8-.3.8-.3 1.5-.2 2-.5.6-.8 1.3-.8 2.2 0 2.5 1.5 3.4 3.7 3.7-.4.3-.7.8-.7 1.6"
        stroke="#fff"
        strokeWidth="1.2"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  slack: (
    <g strokeWidth="3.2" strokeLinecap="round">
      <path d="M9 3.5v10" stroke="#36c5f0" />
      <path d="M3.5 15h10" stroke="#2eb67d" />
      <path d="M15 20.5v-10" stroke="#ecb22e" />
      <path d="M20.5 9h-10" stroke="#e01e5a" />
    </g>
  ),
  apple: (
    <path
      d="M16.5 12.6c0-2.2 1.8-3.2 1.9-3.3a4.1 4.1 0 0 0-3.2-1.7c-1.4-.1-2.6.8-3.3.8-.7 0-1.7-.8-2.8-.8a4.2 4.2 0 0 0-3.6 2.2c-1.5 2.7-.4 6.6 1.1 8.7.7 1 1.6 2.2 2.7 2.2 1.1 0 1.5-.7 2.8-.7 1.3 0 1.7.7 2.8.7 1.2 0 1.9-1 2.6-2.1.8-1.2 1.2-2.3 1.2-2.4 0 0-2.2-.9-2.2-3.6ZM14.4 6c.6-.7 1-1.7.9-2.7-.9 0-1.9.6-2.5 1.3-.6.6-1 1.6-.9 2.6 1 .1 1.9-.5 2.5-1.2Z"
      fill="currentColor"
    />
  ),
  linkedin: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="3" fill="#0a66c2" />
      <path
        d="M7.5 10.5V17M7.5 7v.2M11 17v-6.5M11 13.5c0-2 1.3-3 2.8-3s2.7.9 2.7 3V17"
        stroke="#fff"
        strokeWidth="2"
        fill="none"
      />
    </>
  ),
};

export function ProviderMark({ provider, size = 18 }: { provider: SocialProvider; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {marks[provider]}
    </svg>
  );
}

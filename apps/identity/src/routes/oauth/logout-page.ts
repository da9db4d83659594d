import { createHash } from 'node:crypto';
import { escapeHtml } from '../../lib/html.js';
import type { LogoutConfirmation } from '../../services/oauth/rp-initiated-logout.js';

/** Where the confirmation form posts back to (the end-session endpoint's POST). */
const LOGOUT_PATH = '/frontegg/oauth/logout';

// The login box's look (apps/web: the brand green, the soft background, one centred card) without its
// scripts and fonts: this page runs no script at all, and its one style element is allowed by hash.
const STYLE = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:32px 16px;
font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
color:#212529;background:radial-gradient(circle at 15% 10%,#e9f7ef,transparent 45%),
radial-gradient(circle at 85% 90%,#fff4e6,transparent 40%),#f8f9fa}
main{width:100%;max-width:440px;display:flex;flex-direction:column;align-items:center;gap:20px}
.brand{display:flex;align-items:center;gap:10px;font-size:22px;font-weight:700;color:#343a40}
.brand span{font-weight:500;color:#1f7a4d}
.card{width:100%;padding:32px;background:#fff;border:1px solid #dee2e6;border-radius:16px;
box-shadow:0 1px 3px rgba(0,0,0,.05),0 10px 15px -5px rgba(0,0,0,.08)}
h1{margin:0 0 8px;font-size:24px;line-height:1.3;text-align:center}
p{margin:0 0 24px;font-size:14px;line-height:1.5;text-align:center;color:#495057}
strong{color:#212529;overflow-wrap:anywhere}
form{margin:0}
button{width:100%;height:42px;border:0;border-radius:8px;background:#1f7a4d;color:#fff;font:inherit;
font-size:16px;font-weight:600;cursor:pointer}
button:hover{background:#166b42}
button:focus-visible,a:focus-visible{outline:2px solid #1f7a4d;outline-offset:2px}
.stay{display:block;margin-top:16px;text-align:center;font-size:14px;color:#1f7a4d}
@media (max-width:30em){body{align-items:flex-start;padding:16px 12px}.card{padding:24px}}`;

const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

const WORDMARK = `<svg width="36" height="36" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
<rect width="32" height="32" rx="8" fill="#1f7a4d"/><path d="M10 8h7.5a5 5 0 0 1 3.2 8.8A5.3 5.3 0 0 1 18 24h-8z" fill="#fff"/>
<path d="M14 11.5v3.5h3.2a1.75 1.75 0 0 0 0-3.5zM14 18.5v2.5h3.6a1.25 1.25 0 0 0 0-2.5z" fill="#1f7a4d"/></svg>`;

const hiddenFields = (confirmation: LogoutConfirmation) =>
  Object.entries(confirmation)
    .filter((field): field is [string, string] => typeof field[1] === 'string')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');

/** "Sign out of Brizo FoodMetrics?": the end-session endpoint's confirmation, posting back to itself. */
export function logoutConfirmationPage(email: string, confirmation: LogoutConfirmation): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out of Brizo FoodMetrics?</title><style>${STYLE}</style></head>
<body><main>
<div class="brand" role="img" aria-label="Brizo FoodMetrics">${WORDMARK}<div aria-hidden="true">Brizo <span>FoodMetrics</span></div></div>
<div class="card"><h1>Sign out of Brizo FoodMetrics?</h1>
<p>You are signed in as <strong>${escapeHtml(email)}</strong>.</p>
<form method="post" action="${LOGOUT_PATH}">${hiddenFields(confirmation)}<button type="submit">Sign out</button></form>
<a class="stay" href="/">Stay signed in</a></div>
</main></body></html>`;
}

/**
 * The page's headers: no script and no other style than its own, never in a frame (a click there would
 * be the attacker's), and a form that may only post here and go on to the registered `location`. The
 * referrer policy keeps the form's Origin header, which routes/cross-site-guard.ts checks (with
 * `no-referrer` a browser sends `Origin: null`).
 */
export function logoutPageHeaders(location: string | null): Record<string, string> {
  const formAction = ["'self'", ...(location ? [new URL(location).origin] : [])].join(' ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src '${STYLE_HASH}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
  };
}

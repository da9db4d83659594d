import type { OutboxMessage } from '../../services/dev-tools.js';
import { escapeHtml } from '../../lib/html.js';

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}iframe{width:100%;height:28rem;border:1px solid #ccc}
pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style></head>
<body>${body}</body></html>`;

export function mailboxListPage(messages: OutboxMessage[], to: string | undefined): string {
  const rows = messages
    .map(
      (
        message,
      ) => `<tr><td>${escapeHtml(message.createdAt.toISOString())}</td><td>${escapeHtml(message.to)}</td>
<td><a href="/dev/mailbox/${encodeURIComponent(message.id)}">${escapeHtml(message.subject)}</a></td></tr>`,
    )
    .join('\n');
  const filter = `<form method="get"><label>Recipient <input name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>`;
  return page(
    'Dev mailbox',
    `<h1>Dev mailbox</h1>${filter}<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No mail yet.</td></tr>'}</tbody></table>`,
  );
}

/** Links of the plain-text body, made clickable outside the sandboxed HTML. */
const linksOf = (text: string) => [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];

export function mailboxMessagePage(message: OutboxMessage): string {
  const links = linksOf(message.text)
    .map((url) => `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></li>`)
    .join('');
  // The HTML body is untrusted content: a sandboxed iframe (no scripts, no same origin) whose links open on top.
  const srcdoc = `<base target="_top">${message.html}`;
  return page(
    message.subject,
    `<p><a href="/dev/mailbox">← All mail</a></p>
<h1>${escapeHtml(message.subject)}</h1>
<p><strong>From:</strong> ${escapeHtml(message.from)}<br><strong>To:</strong> ${escapeHtml(message.to)}<br><strong>Sent:</strong> ${escapeHtml(message.createdAt.toISOString())}</p>
<h2>Links</h2><ul class="links">${links || '<li>None</li>'}</ul>
<h2>HTML</h2><iframe sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(srcdoc)}"></iframe>
<h2>Text</h2><pre>${escapeHtml(message.text)}</pre>`,
  );
}

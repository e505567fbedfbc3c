import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '#app/mail/escape-html';

/** Markup that is already safe: built by `html`, never from a participant's or an app's text. */
export class SafeHtml {
  constructor(readonly value: string) {}
}

function markup(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(markup).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * A template of markup in which every value is escaped (an app's name, an email, a message)
 * unless it is SafeHtml itself: nothing a caller sends can become markup.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(
    strings.reduce((text, part, index) => text + markup(values[index - 1]) + part),
  );
}

// The portal's palette and shapes (apps/web/src/app/theme.ts), for pages without its scripts.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f4f7f9;color:#1b2730;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}
.bar{display:flex;align-items:center;gap:10px;min-height:56px;padding:0 16px;background:#0b5d73;color:#fff;font-weight:600;font-size:1.25rem}
main{display:flex;justify-content:center;padding:16px}
.card{width:100%;max-width:420px;background:#fff;border:1px solid rgba(0,0,0,.12);border-radius:8px;padding:24px}
h1{font-size:1.75rem;font-weight:600;text-align:center;margin:0 0 16px}
p{margin:0 0 16px}
ul{margin:0 0 16px;padding-left:20px}
li{margin-bottom:6px}
.field{margin-bottom:16px}
label{display:block;font-weight:600;margin-bottom:4px}
input[type=email],input[type=password],input[type=text]{width:100%;font:inherit;padding:14px;border:1px solid #8a9aa5;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:2px solid #0b5d73;outline-offset:0;border-color:#0b5d73}
input[aria-invalid=true]{border-color:#b3261e}
input[readonly]{background:#f4f7f9}
.field-error{color:#b3261e;font-size:.875rem;margin:4px 0 0}
.alert{border-radius:8px;padding:12px 16px;margin-bottom:16px}
.alert-error{background:#fdeded;color:#5f2120}
.alert-success{background:#edf7ed;color:#1e4620}
.actions{display:flex;gap:12px;flex-wrap:wrap}
button{flex:1 1 120px;font:inherit;font-weight:600;border-radius:8px;padding:10px 22px;cursor:pointer;border:1px solid #0b5d73}
.primary{background:#0b5d73;color:#fff}
.primary:hover{background:#08475a}
.secondary{background:#fff;color:#0b5d73}
.secondary:hover{background:#eef5f7}
button:focus-visible,a:focus-visible{outline:3px solid #7fd4c1;outline-offset:2px}
a{color:#0b5d73}
.links{margin-top:16px;text-align:center}
.muted{color:#4a5a66;font-size:.875rem}
`;

// The portal's logo (apps/web/public/logo.svg) inline, so the page needs no other request.
const LOGO = new SafeHtml(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="#ffffff" fill-opacity=".15"/><path d="M8 36h12l5-11 8 22 6-15 4 4h13" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/><circle cx="50" cy="18" r="5" fill="#7fd4c1"/></svg>',
);

/** A whole page in the portal's look: header bar, then a card with the title and the content. */
export function participantPage(title: string, content: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>${title} · Recovery</title>
        <style>
          ${new SafeHtml(STYLE)}
        </style>
      </head>
      <body>
        <header class="bar">${LOGO}<span>Recovery</span></header>
        <main>
          <div class="card">
            <h1>${title}</h1>
            ${content}
          </div>
        </main>
      </body>
    </html>`.value;
}

/** A labelled input with its error, if any, tied to it for screen readers. */
export function field(options: {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  value?: string;
  error?: string | undefined;
  readOnly?: boolean;
}): SafeHtml {
  const id = `field-${options.name}`;
  const errorId = `${id}-error`;
  return html`<div class="field">
    <label for="${id}">${options.label}</label
    ><input
      id="${id}"
      name="${options.name}"
      type="${options.type}"
      autocomplete="${options.autocomplete}"
      required${options.type === 'email' ? html` inputmode="email" autocapitalize="none" spellcheck="false"` : ''}${options.value === undefined ? '' : html` value="${options.value}"`}${options.readOnly ? html` readonly` : ''}${options.error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}
    />${options.error ? html`<p class="field-error" id="${errorId}">${options.error}</p>` : ''}
  </div>`;
}

/** A message above a form: a refusal (read out at once) or a confirmation. */
export function alert(kind: 'error' | 'success', text: string): SafeHtml {
  return html`<div class="alert alert-${kind}" role="${kind === 'error' ? 'alert' : 'status'}">
    ${text}
  </div>`;
}

/** Sends a page: never cached (it may hold a participant's email or a form's token). */
export function sendPage(reply: FastifyReply, status: number, page: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page);
}

/** A form body as strings; anything else (a repeated field, JSON) counts as missing. */
export function formFields(body: unknown): Record<string, string | undefined> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : undefined,
    ]),
  );
}

/** Lets a scope's routes read HTML forms (application/x-www-form-urlencoded), up to 32 KB. */
export function acceptHtmlForms(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 32_768 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

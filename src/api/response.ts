// Reading a response: is it JSON, and what a failed one says (the server's own message, whichever
// envelope it used, or the title of an HTML page).
import { parseJson } from '../codec/json.js';
import { isItem } from '../core/page.js';

/** Extracts the server's message from {"detail"}, {"errors":[{"detail"}]}, a bare list, or a field map. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (Array.isArray(body)) {
    const parts = body.map((x) => serverMessage(x)).filter((x): x is string => !!x);
    return parts.length ? parts.join('; ') : undefined;
  }
  if (isItem(body)) {
    const o = body;
    if (typeof o.detail === 'string') return o.detail;
    if (Array.isArray(o.errors)) {
      const parts = o.errors.map((e: unknown) => {
        if (!e || typeof e !== 'object') return serverMessage(e);
        const detail = 'detail' in e ? e.detail : undefined;
        const attr = 'attr' in e ? e.attr : undefined;
        const text = typeof detail === 'string' ? detail : undefined;
        return text && typeof attr === 'string' && attr ? `${attr}: ${text}` : text;
      });
      const found = parts.filter((x): x is string => !!x);
      if (found.length) return found.join('; ');
    }
    // DRF validation errors: {"field": ["message", …]}
    const fields = Object.entries(o)
      .map(([k, v]) => {
        const m = serverMessage(v);
        return m ? `${k}: ${m}` : undefined;
      })
      .filter((x): x is string => !!x);
    if (fields.length) return fields.join('; ');
  }
  return undefined;
}

export function htmlTitle(text: string): string | undefined {
  const inner = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text.slice(0, 20_000))?.[1];
  if (inner === undefined) return undefined;
  const title = inner
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return title || undefined;
}

export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const semicolon = contentType.indexOf(';');
  const mime = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return mime === 'application/json' || mime.endsWith('+json');
}

/** Best-effort message from an error response body of any type. */
export function messageFromErrorBody(text: string, contentType: string | undefined): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (isJsonContentType(contentType) || /^[[{"]/.test(trimmed)) {
    try {
      return serverMessage(parseJson(trimmed));
    } catch {
      // not JSON after all: fall through
    }
  }
  const title = htmlTitle(trimmed);
  if (title) return title;
  if (/^\s*</.test(trimmed)) return undefined;
  const newline = trimmed.indexOf('\n');
  return (newline < 0 ? trimmed : trimmed.slice(0, newline)).slice(0, 200);
}

import type { RenderedTemplate } from '@repo/contracts';
import DOMPurify from 'dompurify';

/**
 * The editor's pure logic: inserting a variable where the cursor is, and the preview's document (the
 * server's HTML sanitised once more in the browser, in a page of its own with the paper's CSS).
 */

/** Variables that are lists: a click inserts a loop over them, not a value that would print as data. */
const listVariable = /^(works|parts|payments|products|lines)$/;

/**
 * What a click on a variable inserts: `{{ order.number }}`; for a list, a loop over it with its first
 * field (the label names them in brackets: «Работы (name, qty, …)»).
 */
export function variableSnippet(variable: { name: string; label: string }): string {
  if (!listVariable.test(variable.name)) return `{{ ${variable.name} }}`;
  const field = /\(([a-z_]+)/.exec(variable.label)?.[1] ?? 'name';
  return `{% for item in ${variable.name} %}{{ item.${field} }}{% endfor %}`;
}

/**
 * `text` with `snippet` put in place of the selection [start, end) (at the cursor when they are equal);
 * `cursor` is where the caret goes: right after the snippet. Positions outside the text are clamped.
 */
export function insertAtCursor(text: string, start: number | null | undefined, end: number | null | undefined, snippet: string): { text: string; cursor: number } {
  const from = Math.min(Math.max(start ?? text.length, 0), text.length);
  const to = Math.min(Math.max(end ?? from, from), text.length);
  return { text: text.slice(0, from) + snippet + text.slice(to), cursor: from + snippet.length };
}

/** The rendered HTML sanitised again: no scripts, frames, forms, handlers or `javascript:` (the server did it first). */
export function sanitizePreviewHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    // A leading <style> stays in the body instead of being dropped.
    FORCE_BODY: true,
    ADD_TAGS: ['style'],
    FORBID_TAGS: ['script', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'foreignObject'],
    FORBID_ATTR: ['srcset', 'action', 'formaction', 'xlink:href'],
    ALLOW_DATA_ATTR: false,
  });
}

const escapeText = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/**
 * The preview's whole document for `<iframe srcDoc>`: a Content-Security-Policy that allows no script and
 * no fetch but images, the paper's CSS (`@page`, width) in the head, and the sanitised HTML as the body.
 */
export function previewDocument(rendered: Pick<RenderedTemplate, 'html' | 'css'>, title = 'Документ'): string {
  const csp = "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; font-src data:";
  // The CSS comes from the server's paper formats; a `<` could only close the style element early.
  const css = rendered.css.replace(/</g, '');
  return (
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}">` +
    `<title>${escapeText(title)}</title><style>${css}</style></head><body>${sanitizePreviewHtml(rendered.html)}</body></html>`
  );
}

/**
 * Prints the preview frame with this document: writes it when it differs from what the frame shows,
 * waits for it to load (3 s at most), then opens the browser's print dialog for the frame alone.
 */
export async function printFrame(frame: HTMLIFrameElement, doc: string): Promise<void> {
  if (frame.srcdoc !== doc) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 3000);
      frame.addEventListener(
        'load',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
      frame.srcdoc = doc;
    });
  }
  const win = frame.contentWindow;
  if (!win) throw new Error('Печать недоступна в этом браузере');
  win.focus();
  win.print();
}

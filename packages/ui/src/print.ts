/**
 * Prints an HTML fragment or an element through a hidden iframe: the page stays as it is (no print
 * CSS juggling, no new tab for a popup blocker to stop), and the printout carries only the document.
 */
export interface PrintOptions {
  /** The printout's title (browsers put it in the header line). */
  title?: string;
  /** Extra CSS for the printout (`@page { size: A4; margin: 12mm }`). */
  css?: string;
  /** Copies the page's stylesheets and antd's CSS-in-JS styles into the printout (default true). */
  copyStyles?: boolean;
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

function pageStyles(): string {
  return Array.from(document.querySelectorAll('style, link[rel="stylesheet"]'))
    .map((node) => node.outerHTML)
    .join('\n');
}

/** Waits for the printout's images, so a logo is not missing from the paper (at most 3 s). */
function imagesLoaded(doc: Document): Promise<void> {
  const pending = Array.from(doc.images).filter((img) => !img.complete);
  if (!pending.length) return Promise.resolve();
  const all = Promise.all(
    pending.map(
      (img) =>
        new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
  return Promise.race([all, new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
}

let current: HTMLIFrameElement | null = null;

/** Prints `html` (a fragment: the body's content). Resolves once the print dialog was opened. */
export async function printHtml(html: string, { title = document.title, css = '', copyStyles = true }: PrintOptions = {}): Promise<void> {
  // One printout at a time: a second call replaces a frame still waiting for `afterprint`.
  current?.remove();
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('tabindex', '-1');
  frame.title = 'print';
  frame.dataset.print = 'true';
  // Not display:none: some browsers print an empty page from an undisplayed frame.
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0', opacity: '0' });
  document.body.appendChild(frame);
  current = frame;

  const win = frame.contentWindow;
  const doc = frame.contentDocument ?? win?.document;
  if (!win || !doc) {
    frame.remove();
    throw new Error('Печать недоступна в этом браузере');
  }
  doc.open();
  doc.write(
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
      `${copyStyles ? pageStyles() : ''}<style>body{margin:0;background:#fff}${css}</style></head><body>${html}</body></html>`,
  );
  doc.close();
  await imagesLoaded(doc);

  const cleanup = () => {
    frame.remove();
    if (current === frame) current = null;
  };
  win.addEventListener('afterprint', cleanup, { once: true });
  win.focus();
  win.print();
  // Browsers that block in print() are done by now; the others fire afterprint. Either way the
  // frame goes, at the latest a minute later.
  setTimeout(cleanup, 60_000);
}

/** Prints an element of the page (a receipt, a repair order form) as it looks on screen. */
export function printElement(element: Element, options?: PrintOptions): Promise<void> {
  return printHtml(element.outerHTML, options);
}

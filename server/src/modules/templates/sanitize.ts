import sanitizeHtml from 'sanitize-html';

/**
 * The HTML allowlist of printed documents (server/docs/templates.md), applied to a template's body when
 * it is saved and again to the rendered document before it is answered. Documents are markup for paper:
 * text, tables, images, `<style>` blocks and inline styles, inline SVG (barcodes). No scripts, no event
 * handlers, no frames, objects, forms, links to stylesheets, `<meta>` or `<base>`; `javascript:` and other
 * schemes are dropped from links; CSS loses `@import`, `url(…)` other than an inline image,
 * `expression(…)` and escapes.
 */

const svgTags = ['svg', 'g', 'rect', 'path', 'line', 'circle', 'ellipse', 'polyline', 'polygon', 'text', 'tspan'];
const svgAttributes = [
  'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height', 'd', 'points', 'fill', 'stroke', 'stroke-width', 'fill-rule',
  'transform', 'opacity', 'text-anchor', 'dominant-baseline', 'font-family', 'font-size', 'font-weight',
];

const allowedTags = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'span', 'section', 'header', 'footer', 'article', 'aside', 'main', 'address', 'blockquote', 'pre', 'hr', 'br', 'wbr'],
  ...['b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'small', 'big', 'sub', 'sup', 'mark', 'code', 'kbd', 'samp', 'var', 'abbr', 'cite', 'q', 'dfn', 'time', 'data', 'bdi', 'bdo'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'figure', 'figcaption'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['a', 'img', 'style'],
  ...svgTags,
];

const common = ['style', 'class', 'title', 'align', 'valign', 'dir', 'lang'];
const allowedAttributes: sanitizeHtml.IOptions['allowedAttributes'] = {
  '*': common,
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  table: ['width', 'border', 'cellpadding', 'cellspacing'],
  col: ['span', 'width'],
  colgroup: ['span', 'width'],
  td: ['colspan', 'rowspan', 'width', 'height'],
  th: ['colspan', 'rowspan', 'width', 'height', 'scope'],
  ol: ['start', 'type', 'reversed'],
  time: ['datetime'],
  data: ['value'],
  style: ['media'],
  svg: ['viewbox', 'xmlns', 'width', 'height', 'preserveaspectratio', 'version', 'fill'],
  ...Object.fromEntries(svgTags.filter((t) => t !== 'svg').map((t) => [t, svgAttributes])),
};

const inlineImage = /^\s*(['"]?)\s*data:image\/(png|jpe?g|gif|webp|svg\+xml)[;,]/i;

/**
 * CSS that cannot fetch or run anything: no escapes (they could spell `url(` or `expression(`), no
 * comments (they could split a keyword), no `@import`, `url(…)` only for an inline `data:image`, no
 * `image-set(…)`, `expression(…)`, `behavior`, `-moz-binding` or `javascript:`.
 */
export function cleanCss(css: string): string {
  let out = css.replace(/\\/g, '').replace(/\/\*[\s\S]*?(\*\/|$)/g, '');
  out = out.replace(/@import\b[^;]*;?/gi, '');
  out = out.replace(/url\s*\(((?:[^()]|\([^()]*\))*)\)?/gi, (match, inner: string) => (inlineImage.test(inner) && match.endsWith(')') ? match : 'none'));
  out = out.replace(/expression\s*\(|javascript\s*:|vbscript\s*:|behavior\s*:|-moz-binding/gi, '');
  // `image-set("https://…")` fetches without `url(`.
  out = out.replace(/(?:-webkit-)?(?:image-set|cross-fade)\s*\(/gi, 'none(');
  return out;
}

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes,
  // `<style>` is needed for print layout; its text is cleaned by `cleanCss` below.
  allowVulnerableTags: true,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // Inline styles are cleaned by `cleanCss` (transformTags), not rewritten by sanitize-html's CSS parser
  // (which would drop a style made of a Liquid variable).
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  // The content of these goes with them (the rest of a disallowed tag's content stays as text).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'noembed', 'noframes', 'xmp', 'template', 'head', 'select', 'button'],
  parser: { recognizeSelfClosing: true },
  transformTags: {
    '*': (tagName, attribs) => {
      if (attribs.style !== undefined) {
        const style = cleanCss(attribs.style).trim();
        if (style) attribs.style = style;
        else delete attribs.style;
      }
      return { tagName, attribs };
    },
  },
};

/** Sanitised HTML with every `<style>` block's CSS cleaned. */
export function sanitizeDocument(html: string): string {
  const clean = sanitizeHtml(html, options);
  return clean.replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi, (_m, open: string, css: string, close: string) => `${open}${cleanCss(css)}${close}`);
}

// Liquid markup is set aside while the HTML around it is sanitised: the sanitiser would encode `>` in
// `{% if a > b %}` or quotes inside attributes. Private-use characters mark the places; they are removed
// from the input first, so a body cannot forge a mark.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const liquidMarkup = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;

/**
 * A template's body as it is stored: the HTML sanitised (see above), the Liquid tags and outputs kept
 * verbatim where they were. What the sanitiser removes (a `<script>` with the Liquid inside it) is gone.
 * Idempotent: sanitising a stored body again changes nothing.
 */
export function sanitizeTemplateBody(body: string): string {
  const kept: string[] = [];
  // Control characters (NUL cannot even be stored) and the marks go first.
  // eslint-disable-next-line no-control-regex
  const marked = body.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uE000\uE001]/g, '').replace(liquidMarkup, (m) => `${OPEN}${kept.push(m) - 1}${CLOSE}`);
  const clean = sanitizeDocument(marked);
  return clean.replace(/\uE000(\d+)\uE001/g, (_m, i: string) => kept[Number(i)] ?? '').replace(/[\uE000\uE001]/g, '');
}

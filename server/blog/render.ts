/**
 * Markdown → safe HTML for blog posts. Posts are written by administrators, but the HTML is served
 * to everyone, so it is sanitised as if it came from anyone: a stolen admin session must not become
 * stored XSS on the public site.
 *
 * Allowed: the usual formatting, headings, lists, block quotes, code (with `language-*` classes for
 * highlighting), tables, links (http, https, mailto and same-site relative links; always
 * `rel="noopener noreferrer nofollow"`) and images (https only). Everything else — scripts, styles,
 * event handlers, iframes, forms, `javascript:` / `data:` URLs — is dropped.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Our own instance: nobody else's marked.use() extensions change what posts render to.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

export const LINK_REL = 'noopener noreferrer nofollow';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'kbd', 'samp',
    'em', 'strong', 'b', 'i', 'u', 'del', 's', 'sup', 'sub', 'mark', 'small', 'abbr',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'a', 'img',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    ol: ['start'],
    code: ['class'],
    abbr: ['title'],
    h1: ['id'], h2: ['id'], h3: ['id'], h4: ['id'], h5: ['id'], h6: ['id'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Whatever rel the author wrote, links never pass the opener or referrer and carry no ranking.
    a: sanitizeHtml.simpleTransform('a', { rel: LINK_REL }),
  },
  // An image must have an absolute https source (relative or stripped sources are dropped).
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https:\/\//i.test(frame.attribs.src ?? ''),
};

/** The sanitised HTML for a post body. */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source) as string;
  return sanitizeHtml(html, SANITIZE);
}

/** Estimated reading time: 200 words a minute, at least one minute. */
export function readingMinutes(source: string): number {
  const words = source.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / 200));
}

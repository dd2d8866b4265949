/**
 * A tiny reader for React's static markup (renderToStaticMarkup), so the tests can query the
 * rendered tree without jsdom: elements with attributes and children, text decoded. React's
 * output is regular (quoted, escaped attributes; void elements written as `<x/>`), which is all
 * this parser handles.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export interface El {
  tag: string;
  attrs: Record<string, string>;
  children: (El | string)[];
  parent: El | null;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

export function decode(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

export function parseHtml(html: string): El {
  const root: El = { tag: '#root', attrs: {}, children: [], parent: null };
  let cur = root;
  const re = /<!--[\s\S]*?-->|<\/([a-zA-Z0-9-]+)\s*>|<([a-zA-Z0-9-]+)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    if (m[0].startsWith('<!--')) continue;
    if (m[1]) {
      if (cur.tag !== m[1].toLowerCase()) throw new Error(`Unbalanced </${m[1]}> inside <${cur.tag}>`);
      cur = cur.parent ?? root;
    } else if (m[2]) {
      const attrs: Record<string, string> = {};
      for (const a of m[3].matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) attrs[a[1]] = decode(a[2] ?? '');
      const el: El = { tag: m[2].toLowerCase(), attrs, children: [], parent: cur };
      cur.children.push(el);
      if (!m[4] && !VOID.has(el.tag)) cur = el;
    } else if (m[5]) {
      cur.children.push(decode(m[5]));
    }
  }
  if (cur !== root) throw new Error(`Unclosed <${cur.tag}>`);
  return root;
}

export function render(element: ReactElement): El {
  return parseHtml(renderToStaticMarkup(element));
}

export function all(el: El, pred: (e: El) => boolean): El[] {
  const out: El[] = [];
  const walk = (e: El) => {
    for (const c of e.children) {
      if (typeof c === 'string') continue;
      if (pred(c)) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

export function one(el: El, pred: (e: El) => boolean, what = 'element'): El {
  const found = all(el, pred);
  if (found.length !== 1) throw new Error(`Expected one ${what}, found ${found.length}`);
  return found[0];
}

export const hasClass = (name: string) => (e: El) => (e.attrs.class ?? '').split(/\s+/).includes(name);
export const tag = (name: string) => (e: El) => e.tag === name;
export const attr = (name: string, value?: string) => (e: El) => (value === undefined ? name in e.attrs : e.attrs[name] === value);

/** The text content, whitespace as rendered. */
export function text(el: El | string): string {
  if (typeof el === 'string') return el;
  return el.children.map(text).join('');
}

/** Text content without the visually hidden (screen-reader-only) parts and popovers. */
export function visibleText(el: El | string): string {
  if (typeof el === 'string') return el;
  if (hasClass('sr-only')(el)) return '';
  return el.children.map(visibleText).join('');
}

/**
 * The XML parser, configured for untrusted files, and small typed accessors over its output.
 *
 * fast-xml-parser is set up so its output has one uniform shape: every element (never an
 * attribute) is an array, because P6 repeats elements freely (one `Activity` or a thousand).
 * An element holding only text is a string; one with children or attributes is an object
 * (`xsi:nil="true"` arrives as `{ '@_nil': 'true' }`). Values stay strings (`parseTagValue:
 * false`): activity ids such as `00100` must keep their zeros, and numbers are parsed by
 * ./values.ts, which also copes with decimal commas.
 *
 * Entities: the parser's own decoder would also expand entities declared in a DOCTYPE. Ours
 * decodes only the five predefined XML entities and numeric character references, in one pass
 * (so `&amp;lt;` stays `&lt;`), and ignores any declared entity. Together with ./sniff.ts, which
 * refuses DOCTYPE internal subsets outright, no entity can ever expand.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ImportError, inFile } from '../types';

/** An element with children and/or attributes, as the parser returns it. */
export interface XmlNode {
  readonly [key: string]: unknown;
}

const EMPTY: XmlNode = Object.freeze({});

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY_RE = /&(#x[0-9A-Fa-f]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g;

function decodeEntities(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(ENTITY_RE, (whole, e: string) => {
    const named = PREDEFINED[e];
    if (named !== undefined) return named;
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    // Not a character XML allows (NUL, lone surrogates, beyond Unicode): keep the text as written.
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
    return String.fromCodePoint(code);
  });
}

const safeEntityDecoder = {
  setExternalEntities: () => undefined,
  // Entities declared in a DOCTYPE are deliberately dropped.
  addInputEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
  decode: decodeEntities,
};

function makeParser(): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
    processEntities: true,
    entityDecoder: safeEntityDecoder,
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    // P6 nests five levels deep (Calendar › … › WorkTime › Start); 64 leaves room and stops
    // pathological nesting before it costs anything.
    maxNestedTags: 64,
    jPath: false,
  });
}

/**
 * Checks well-formedness, then parses. The validator is a separate pass because the parser
 * itself is lenient: it would silently accept a mismatched closing tag and drop data.
 */
export function parseXml(text: string, fileName?: string): XmlNode {
  const check = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (check !== true) {
    const { msg, line, col } = check.err;
    throw new ImportError(
      `${inFile(fileName)}The file is not well-formed XML at line ${line}, column ${col}: ${msg} ` +
        'It may have been edited by hand or damaged in transfer; export the project from P6 again.',
      `line ${line}, column ${col}`,
    );
  }
  let doc: unknown;
  try {
    doc = makeParser().parse(text);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    const detail = /nested/i.test(why) ? 'its elements are nested more than 64 levels deep, which P6 never writes' : why.replace(/\.$/, '');
    throw new ImportError(`${inFile(fileName)}The XML could not be read: ${detail}. Export the project from P6 again.`);
  }
  return isNode(doc) ? doc : EMPTY;
}

function isNode(v: unknown): v is XmlNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Child elements named `tag`. An element written empty (`<Activity/>`) is an empty node. */
export function kids(node: XmlNode | undefined, tag: string): XmlNode[] {
  const v = node?.[tag];
  if (!Array.isArray(v)) return [];
  const out: XmlNode[] = [];
  for (const item of v) {
    if (isNode(item)) out.push(item);
    else if (item === '' || typeof item === 'string') out.push(EMPTY);
  }
  return out;
}

/** First child element named `tag`, if any. */
export function kid(node: XmlNode | undefined, tag: string): XmlNode | undefined {
  return kids(node, tag)[0];
}

/** Number of child elements named `tag`. */
export function count(node: XmlNode | undefined, tag: string): number {
  const v = node?.[tag];
  return Array.isArray(v) ? v.length : 0;
}

/**
 * Text of the first child element `tag`; undefined when absent, empty or `xsi:nil="true"`.
 */
export function text(node: XmlNode | undefined, tag: string): string | undefined {
  const v = node?.[tag];
  if (!Array.isArray(v) || v.length === 0) return undefined;
  const first: unknown = v[0];
  if (typeof first === 'string') return first === '' ? undefined : first;
  if (isNode(first)) {
    if (first['@_nil'] === 'true') return undefined;
    const t = first['#text'];
    if (typeof t === 'string' && t !== '') return t;
  }
  return undefined;
}

/** An attribute of the node (namespace prefix removed), e.g. `attr(project, 'ObjectId')`. */
export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const v = node?.[`@_${name}`];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Child element text, falling back to an attribute of the same name (P6 EPPM writes some ids as attributes). */
export function field(node: XmlNode | undefined, name: string): string | undefined {
  return text(node, name) ?? attr(node, name);
}

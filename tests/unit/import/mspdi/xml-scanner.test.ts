/**
 * The byte-level XML layer (src/core/import/xml): scanner, names, text, values, encodings.
 * Expected values here are XML facts (the spec's predefined entities, UTF-8 encodings, ISO 8601
 * durations), not outputs copied from the code.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ImportError } from '../../../../src/core/import/types';
import {
  CONTAINER,
  DateReader,
  END,
  EOF,
  LEAF,
  NameTable,
  START,
  STRING,
  XmlRecord,
  XmlScanner,
  declaredEncoding,
  decodeText,
  parseDecimal,
  parseDurationHours,
  parseInteger,
  resolveReferences,
  toUtf8,
} from '../../../../src/core/import/xml';

const enc = (s: string) => new TextEncoder().encode(s);
const names = new NameTable(['root', 'a', 'b', 'c', 'Task', 'Name', 'UID']);
const id = (n: string) => names.id(n);

/** Reads the root element into a record. */
function readRoot(xml: string | Uint8Array, fileName?: string) {
  const bytes = typeof xml === 'string' ? enc(xml) : xml;
  const sc = new XmlScanner(bytes, names, { fileName });
  expect(sc.next()).toBe(START);
  const rec = new XmlRecord();
  sc.readInto(rec);
  return { sc, rec };
}

function errorOf(fn: () => unknown): ImportError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ImportError) return e;
    throw e;
  }
  throw new Error('expected an ImportError');
}

/** Walks a whole document with next()/readInto(), to surface any error. */
function scanAll(xml: string | Uint8Array, fileName?: string): void {
  const sc = new XmlScanner(typeof xml === 'string' ? enc(xml) : xml, names, { fileName });
  const rec = new XmlRecord();
  if (sc.next() !== START) return;
  for (;;) {
    const t = sc.next();
    if (t === EOF) return;
    if (t === START) sc.readInto(rec);
  }
}

describe('NameTable', () => {
  it('maps every listed name to its index and anything else to -1', () => {
    const list = ['Project', 'Task', 'Tasks', 'UID', 'ID', 'T', 'Ta'];
    const t = new NameTable(list);
    list.forEach((n, i) => expect(t.id(n)).toBe(i));
    for (const other of ['task', 'Tasks2', '', 'UI', 'Projec', 'IDs']) expect(t.id(other)).toBe(-1);
  });

  it('refuses a vocabulary with a duplicate', () => {
    expect(() => new NameTable(['a', 'b', 'a'])).toThrow(/listed twice/);
  });
});

describe('XmlScanner: structure', () => {
  it('flattens a subtree with depths, parents, leaf text and containers', () => {
    const { rec } = readRoot('<root><a>1</a><b><c>two</c><c/></b><x>unknown</x></root>');
    // Entry 0 is the root itself.
    expect(rec.count).toBe(6);
    expect([...rec.name.subarray(0, 6)]).toEqual([id('root'), id('a'), id('b'), id('c'), id('c'), -1]);
    expect([...rec.depth.subarray(0, 6)]).toEqual([0, 1, 1, 2, 2, 1]);
    expect([...rec.parent.subarray(0, 6)]).toEqual([-1, 0, 0, 2, 2, 0]);
    expect(rec.kind[0]).toBe(CONTAINER);
    expect(rec.kind[1]).toBe(LEAF);
    expect(rec.kind[2]).toBe(CONTAINER);
    expect(rec.text(1)).toBe('1');
    expect(rec.text(3)).toBe('two');
    expect(rec.text(4)).toBe(''); // self-closing
    expect(rec.text(5)).toBe('unknown');
    expect(rec.skip(2)).toBe(5);
  });

  it('gives a leaf root its own text', () => {
    const { rec } = readRoot('<Name>Site works</Name>');
    expect(rec.count).toBe(1);
    expect(rec.text(0)).toBe('Site works');
  });

  it('streams with next(): start and end tags with depth, skipping text, comments and PIs', () => {
    const sc = new XmlScanner(enc('<?xml version="1.0"?>\n<!-- c --><root><?pi x?><a>1</a><!-- c2 --><b/></root>\n<!-- after -->\n'), names);
    const seen: string[] = [];
    for (let t = sc.next(); t !== EOF; t = sc.next()) seen.push(`${t === START ? '+' : '-'}${sc.tagName()}@${sc.depth}`);
    expect(seen).toEqual(['+root@1', '+a@2', '-a@1', '+b@1', '-root@0']);
  });

  it('reads attributes (either quote, references resolved, ">" inside a value)', () => {
    const sc = new XmlScanner(enc(`<root xmlns="urn:x" a='1 &gt; 0' b="&quot;q&quot;" c="x>y"><a/></root>`), names);
    expect(sc.next()).toBe(START);
    expect(sc.attributes()).toEqual({ xmlns: 'urn:x', a: '1 > 0', b: '"q"', c: 'x>y' });
    expect(sc.next()).toBe(START);
    expect(sc.tagName()).toBe('a');
    expect(sc.selfClosing).toBe(true);
  });

  it('looks up prefixed names by their local part', () => {
    const { rec } = readRoot('<p:root xmlns:p="urn:p"><p:Task><p:UID>7</p:UID></p:Task></p:root>');
    expect(rec.name[1]).toBe(id('Task'));
    expect(rec.name[2]).toBe(id('UID'));
    expect(rec.text(2)).toBe('7');
  });

  it('keeps text split by a comment or CDATA, CDATA taken literally', () => {
    const { rec } = readRoot('<root><Name>A<!-- note -->B<![CDATA[ <&> ]]>C &amp; D</Name></root>');
    expect(rec.kind[1]).toBe(STRING);
    expect(rec.text(1)).toBe('AB <&> C & D');
  });

  it('skips a DOCTYPE without entity declarations', () => {
    const { rec } = readRoot('<?xml version="1.0"?><!DOCTYPE root [ <!ELEMENT root ANY> ]><root><a>x</a></root>');
    expect(rec.text(1)).toBe('x');
  });

  it('accepts whitespace inside end tags and around the root', () => {
    const { rec } = readRoot('\n  <root ><a >1</a \n></root >\n');
    expect(rec.text(1)).toBe('1');
  });
});

describe('XmlScanner: refusals', () => {
  it('says where a file ends early, naming the open element and its path', () => {
    const e = errorOf(() => scanAll('<root>\n<Task>\n<UID>1</UID>\n<Name>Pour', 'cut.xml'));
    expect(e.message).toMatch(/^cut\.xml: /);
    expect(e.message).toMatch(/ends early, inside <Name> \(root\/Task\/Name\)/);
    expect(e.message).toMatch(/line 4/);
    expect(e.where).toContain('root/Task/Name');
  });

  it('says the file ends early when the root is never closed', () => {
    const e = errorOf(() => scanAll('<root><a>1</a>'));
    expect(e.message).toMatch(/ends early, inside <root>/);
  });

  it('says the file ends early inside a tag, a comment or a CDATA section', () => {
    expect(errorOf(() => scanAll('<root><a')).message).toMatch(/ends early/);
    expect(errorOf(() => scanAll('<root><!-- never closed')).message).toMatch(/ends early, inside a comment/);
    expect(errorOf(() => scanAll('<root><a><![CDATA[ x')).message).toMatch(/ends early, inside a CDATA section/);
  });

  it('refuses mismatched end tags, naming both', () => {
    const e = errorOf(() => scanAll('<root><Task><UID>1</Name></Task></root>'));
    expect(e.message).toMatch(/<UID> is closed by <\/Name>/);
  });

  it('refuses an end tag with nothing open, a second root and text outside the root', () => {
    expect(errorOf(() => scanAll('<root></root></root>')).message).toMatch(/never opened|after the root/);
    expect(errorOf(() => scanAll('<root/><root/>')).message).toMatch(/second root element/);
    expect(errorOf(() => scanAll('hello<root/>')).message).toMatch(/text before the first element/);
    expect(errorOf(() => scanAll('<root/>trailing')).message).toMatch(/text after the root element/);
  });

  it('refuses a DOCTYPE that declares entities (billion laughs) before expanding anything', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><root>&lol2;</root>`;
    const e = errorOf(() => scanAll(lol));
    expect(e.message).toMatch(/declares its own entities/);
    expect(e.message).toMatch(/billion laughs/);
  });

  it('refuses references to undeclared entities when the text is read', () => {
    const { sc, rec } = readRoot('<root><Name>Tom &nbsp; Jerry</Name></root>', 'x.xml');
    const e = errorOf(() => sc.text(rec, 1));
    expect(e.message).toMatch(/^x\.xml: /);
    expect(e.message).toMatch(/"&nbsp;"/);
  });

  it('refuses nesting deeper than the limit', () => {
    const deep = '<a>'.repeat(300) + '</a>'.repeat(300);
    const e = errorOf(() => scanAll(deep));
    expect(e.message).toMatch(/nested more than 256 deep/);
  });

  it('refuses a "<" that starts no tag', () => {
    expect(errorOf(() => scanAll('<root>< a/></root>')).message).toMatch(/does not start a tag/);
  });
});

describe('XmlScanner: property', () => {
  // Random trees of known names with arbitrary text are written as XML and read back intact.
  // Characters XML 1.0 allows in text (no C0 controls but tab/LF, no lone surrogates, no U+FFFE/F);
  // CR is left out because XML turns it into LF (tested on its own below).
  const allowed = (c: number) => c === 0x9 || c === 0xa || (c >= 0x20 && c < 0xd800) || (c > 0xdfff && c < 0xfffe);
  const text = fc.string({ maxLength: 12 }).map((s) => [...s].filter((ch) => allowed(ch.charCodeAt(0))).join(''));
  type Node = { name: string; text?: string; kids?: Node[] };
  const node: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      fc.record({ name: fc.constantFrom('a', 'b', 'c', 'Name'), text }),
      fc.record({ name: fc.constantFrom('a', 'b', 'Task'), kids: fc.array(tie('node'), { minLength: 1, maxLength: 4 }) }),
    ),
  })).node;
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const write = (n: Node): string => (n.kids ? `<${n.name}>${n.kids.map(write).join('\n')}</${n.name}>` : `<${n.name}>${escape(n.text ?? '')}</${n.name}>`);
  const flatten = (n: Node, depth: number, out: [string, number, string | null][]) => {
    out.push([n.name, depth, n.kids ? null : (n.text ?? '')]);
    for (const k of n.kids ?? []) flatten(k, depth + 1, out);
    return out;
  };

  it('reads back every element, depth and text it was given', () => {
    fc.assert(
      fc.property(fc.array(node, { maxLength: 5 }), (kids) => {
        const root: Node = { name: 'root', kids: kids.length ? kids : [{ name: 'a', text: '' }] };
        const { sc, rec } = readRoot(`<?xml version="1.0"?>${write(root)}`);
        const expected = flatten(root, 0, []);
        expect(rec.count).toBe(expected.length);
        expected.forEach(([name, depth, t], k) => {
          expect(rec.name[k]).toBe(id(name));
          expect(rec.depth[k]).toBe(depth);
          if (t !== null) expect(sc.text(rec, k)).toBe(t);
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('text and references', () => {
  it('resolves the five predefined entities and numeric character references', () => {
    expect(resolveReferences('&amp;&lt;&gt;&quot;&apos;')).toBe('&<>"\'');
    expect(resolveReferences('caf&#233; &#xE9; &#x1F600;')).toBe('café é 😀');
  });

  it('refuses bare ampersands, unknown names and references to forbidden characters', () => {
    expect(() => resolveReferences('R&D')).toThrow(/unknown entity/);
    expect(() => resolveReferences('&foo;')).toThrow(/unknown entity/);
    expect(() => resolveReferences('&#0;')).toThrow(/unknown entity/);
    expect(() => resolveReferences('&#xD800;')).toThrow(/unknown entity/);
  });

  it('normalises CR LF and lone CR to LF, but keeps a CR written as &#13;', () => {
    const b = enc('a\r\nb\rc&#13;d');
    expect(decodeText(b, 0, b.length)).toBe('a\nb\nc\rd');
  });

  it('decodes UTF-8 (multi-byte) and long ASCII alike', () => {
    const s = 'Béton – 混凝土 – Бетон';
    const b = enc(`x${s}y`);
    expect(decodeText(b, 1, b.length - 1)).toBe(s);
    const long = 'a'.repeat(1000);
    expect(decodeText(enc(long), 0, 1000)).toBe(long);
  });
});

describe('values read from bytes', () => {
  const dec = (s: string, scale = 0) => parseDecimal(enc(s), 0, enc(s).length, scale);
  const int = (s: string) => parseInteger(enc(s), 0, enc(s).length);
  const dur = (s: string) => parseDurationHours(enc(s), 0, enc(s).length);

  it('reads decimals exactly as Number() does, scaled', () => {
    for (const s of ['0', '80000.00', '-80000.00', '11108.45', '0.04087', '+5', '  12.5 ', '1e3', '123456789012345678']) {
      expect(dec(s)).toBe(Number(s.trim()));
    }
    // MSPDI money: hundredths → major units, correctly rounded.
    expect(dec('11108.45', 2)).toBe(111.0845);
    expect(dec('50000', 2)).toBe(500);
    for (const bad of ['', 'abc', '1.2.3', '0x10', '--1', '.', '1,5', '9'.repeat(400)]) expect(dec(bad)).toBeNaN();
  });

  it('reads whole numbers only', () => {
    expect(int('42')).toBe(42);
    expect(int('-65535')).toBe(-65535);
    expect(int(' 7 ')).toBe(7);
    for (const bad of ['', '1.5', 'x', '-', '99999999999999999999']) expect(int(bad)).toBeNaN();
  });

  it('reads ISO 8601 durations as hours', () => {
    expect(dur('PT8H0M0S')).toBe(8);
    expect(dur('PT10H43M0S')).toBeCloseTo(10 + 43 / 60, 12);
    expect(dur('PT2H0M5.07S')).toBeCloseTo(2 + 5.07 / 3600, 12);
    expect(dur('-PT8H0M0S')).toBe(-8);
    expect(dur('P1DT2H')).toBe(26);
    expect(dur('P1W')).toBe(168);
    expect(dur('PT0H0M0S')).toBe(0);
    for (const bad of ['', 'P', 'PT', '8H', 'P1Y', 'P1M', 'PT8X', 'PTH']) expect(dur(bad)).toBeNaN();
  });

  it('reads dateTimes to the minute, shares repeated dates, refuses impossible ones', () => {
    const r = new DateReader();
    const d = (s: string) => r.read(enc(s), 0, enc(s).length);
    expect(d('2006-08-25T08:00:00')).toBe('2006-08-25T08:00');
    expect(d('2049-12-31T23:59:06')).toBe('2049-12-31T23:59');
    expect(d('2024-02-29T17:30:00.000+01:00')).toBe('2024-02-29T17:30');
    expect(d('2024-02-29')).toBe('2024-02-29T00:00');
    expect(d('2025-01-01T24:00:00')).toBe('2025-01-01T24:00');
    for (const bad of ['2023-02-29T00:00:00', '2025-13-01T00:00:00', '2008-12-04T17:-0:00', '2025-01-01T25:00:00', 'tomorrow', '2025-01-01 08:00']) {
      expect(d(bad)).toBeUndefined();
    }
  });
});

describe('DateReader cache', () => {
  it('returns the right string for 30,000 distinct minutes, and the same string when one repeats', () => {
    const r = new DateReader();
    const seen: string[] = [];
    for (let i = 0; i < 30_000; i++) {
      const m = 29_000_000 + i * 37; // minutes since 1970, 2025 onwards, a different minute each time
      const iso = new Date(m * 60_000).toISOString().slice(0, 16);
      const b = enc(`${iso}:00`);
      const got = r.read(b, 0, b.length);
      expect(got).toBe(iso);
      seen.push(got as string);
    }
    const again = enc(`${seen[123]}:59`);
    expect(r.read(again, 0, again.length)).toBe(seen[123]);
    // 24:00 and the next day's 00:00 are different strings (the model keeps what the file says).
    const a = enc('2025-01-01T24:00:00');
    const b = enc('2025-01-02T00:00:00');
    expect([r.read(a, 0, a.length), r.read(b, 0, b.length)]).toEqual(['2025-01-01T24:00', '2025-01-02T00:00']);
  });
});

describe('encodings', () => {
  const doc = '<?xml version="1.0" encoding="UTF-16"?><root><Name>Café – Задача</Name></root>';
  const utf16 = (s: string, bigEndian: boolean, bom: boolean) => {
    const out = new Uint8Array((s.length + (bom ? 1 : 0)) * 2);
    let o = 0;
    const put = (c: number) => {
      out[o++] = bigEndian ? c >> 8 : c & 0xff;
      out[o++] = bigEndian ? c & 0xff : c >> 8;
    };
    if (bom) put(0xfeff);
    for (let i = 0; i < s.length; i++) put(s.charCodeAt(i));
    return out;
  };

  it.each([
    ['UTF-16LE with BOM', false, true],
    ['UTF-16BE with BOM', true, true],
    ['UTF-16LE without BOM', false, false],
    ['UTF-16BE without BOM', true, false],
  ])('re-encodes %s to UTF-8', (_label, be, bom) => {
    const out = toUtf8(utf16(doc, be, bom));
    expect(out.encoding).toMatch(/utf-16/);
    const { rec } = readRoot(out.bytes);
    expect(rec.text(1)).toBe('Café – Задача');
  });

  it('strips a UTF-8 BOM without copying', () => {
    const b = new Uint8Array([0xef, 0xbb, 0xbf, ...enc('<root/>')]);
    const out = toUtf8(b);
    expect(out.encoding).toBe('utf-8');
    expect(out.bytes.buffer).toBe(b.buffer);
    expect(out.bytes.length).toBe(7);
  });

  it('honours a declared single-byte encoding', () => {
    // "£" is 0xA3 in Windows-1252 (and ISO-8859-1).
    const head = enc('<?xml version="1.0" encoding="windows-1252"?><root><Name>');
    const tail = enc('</Name></root>');
    const b = new Uint8Array([...head, 0xa3, 0x35, ...tail]);
    expect(declaredEncoding(b)).toBe('windows-1252');
    const { rec } = readRoot(toUtf8(b).bytes);
    expect(rec.text(1)).toBe('£5');
  });

  it('refuses an encoding it cannot decode, and a UTF-16 declaration on 8-bit bytes', () => {
    expect(() => toUtf8(enc('<?xml version="1.0" encoding="x-klingon"?><root/>'))).toThrow(/cannot read/);
    expect(() => toUtf8(enc('<?xml version="1.0" encoding="UTF-16"?><root/>'))).toThrow(/not UTF-16/);
  });
});

describe('scanner end of document', () => {
  it('returns EOF after the root closes, and END for the root', () => {
    const sc = new XmlScanner(enc('<root><a>1</a></root>'), names);
    expect(sc.next()).toBe(START);
    expect(sc.next()).toBe(START);
    expect(sc.next()).toBe(END);
    expect(sc.next()).toBe(END);
    expect(sc.depth).toBe(0);
    expect(sc.next()).toBe(EOF);
  });
});

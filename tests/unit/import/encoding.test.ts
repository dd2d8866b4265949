import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeSingleByte, decodeText, decodeTextSparse, patchedSlice, scoreCodePages } from '../../../src/core/import/encoding';

/**
 * Byte tables written out here (not taken from the module under test), from the code page charts
 * (WHATWG encoding index, same as Microsoft's): only the characters the tests use.
 */
const CP1251: Record<string, number> = {
  ...Object.fromEntries([...'АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ'].map((c, i) => [c, 0xc0 + i])),
  ...Object.fromEntries([...'абвгдежзийклмнопрстуфхцчшщъыьэюя'].map((c, i) => [c, 0xe0 + i])),
  '№': 0xb9,
  '«': 0xab,
  '»': 0xbb,
  '—': 0x97,
};
const CP1252: Record<string, number> = { '£': 0xa3, '€': 0x80, é: 0xe9, è: 0xe8, ü: 0xfc, ö: 0xf6, Ü: 0xdc, ß: 0xdf, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '…': 0x85, '°': 0xb0 };
const CP1256: Record<string, number> = { ا: 0xc7, ل: 0xe1, م: 0xe3, ش: 0xd4, ر: 0xd1, و: 0xe6, ع: 0xda, ب: 0xc8, ن: 0xe4, ء: 0xc1, ض: 0xd6, خ: 0xce, ت: 0xca, ي: 0xed, ه: 0xe5, د: 0xcf, ة: 0xc9, ف: 0xdd, ق: 0xde, ح: 0xcd, ك: 0xdf, س: 0xd3 };

function encode(text: string, table: Record<string, number>): Uint8Array {
  return new Uint8Array(
    [...text].map((ch) => {
      const c = ch.charCodeAt(0);
      if (c < 0x80) return c;
      const b = table[ch];
      if (b === undefined) throw new Error(`test table lacks ${ch}`);
      return b;
    }),
  );
}

/** A small XER-like text around the given names, as P6 would write it. */
const xerLike = (names: string[]) =>
  `ERMHDR\t20.12\t2024-01-01\tProject\tadmin\tadmin\tdbxDatabaseNoName\tProject Management\tUSD\n%T\tTASK\n%F\ttask_id\ttask_code\ttask_name\n` +
  names.map((n, i) => `%R\t${i + 1}\tA${1000 + i * 10}\t${n}`).join('\n') +
  '\n%E\n';

describe('decodeTextSparse', () => {
  it('gives the same text as decodeText once the placeholders are patched back, for any slice', () => {
    const text = xerLike(['Café fit-out – £12k budget', 'plain', 'Übergabe “B”']) + 'x'.repeat(200_000);
    const bytes = encode(text, CP1252);
    const sparse = decodeTextSparse(bytes);
    expect(sparse.encoding).toBe('windows-1252');
    expect(sparse.patches!.at.length).toBe(6); // é – £ Ü “ ”
    expect(sparse.text.length).toBe(bytes.length);
    expect(patchedSlice(sparse.text, 0, sparse.text.length, sparse.patches)).toBe(decodeText(bytes).text);
    const i = sparse.text.indexOf('Caf');
    expect(patchedSlice(sparse.text, i, i + 4, sparse.patches)).toBe('Café');
    expect(patchedSlice(sparse.text, i + 4, i + 12, sparse.patches)).toBe(' fit-out');
  });

  it('drops a stray UTF-8 byte-order mark like decodeText', () => {
    const bytes = new Uint8Array([...encode('£ unit\t', CP1252), 0xef, 0xbb, 0xbf, ...encode('\tnext', CP1252)]);
    const sparse = decodeTextSparse(bytes);
    expect(patchedSlice(sparse.text, 0, sparse.text.length, sparse.patches)).toBe('£ unit\t\tnext');
    expect(sparse.note).toMatch(/removed 1 stray/);
  });

  it('decodes fully when high bytes are common (Cyrillic) or the bytes are UTF-8', () => {
    const ru = decodeTextSparse(encode(xerLike(Array.from({ length: 100 }, (_, i) => `Задача ${i}`)), CP1251));
    expect(ru.patches).toBeUndefined();
    expect(ru.text).toContain('Задача 1\n');
    expect(decodeTextSparse(new TextEncoder().encode('Задача')).patches).toBeUndefined();
  });
});

describe('decodeText', () => {
  it('reads Cyrillic windows-1251 names (Задача 1, Тест2 as in aspose_encoding1251.xer)', () => {
    const bytes = encode(xerLike(['Задача 1', 'Тест2', 'Монтаж опор №3']), CP1251);
    const d = decodeText(bytes);
    expect(d.encoding).toBe('windows-1251');
    expect(d.text).toContain('\tЗадача 1');
    expect(d.text).toContain('\tТест2');
    expect(d.text).toContain('Монтаж опор №3');
  });

  it('keeps £ and accented Western letters in windows-1252', () => {
    const bytes = encode(xerLike(['Café fit-out – £12k budget', 'Übergabe an Müller’s team', 'Pour slab “B” … 20°C']), CP1252);
    const d = decodeText(bytes);
    expect(d.encoding).toBe('windows-1252');
    expect(d.text).toContain('Café fit-out – £12k budget');
    expect(d.text).toContain('Übergabe an Müller’s team');
    expect(d.text).toContain('Pour slab “B” … 20°C');
  });

  it('reads Arabic windows-1256 names', () => {
    const bytes = encode(xerLike(['اعمال الحفر', 'تركيب المضخات', 'مشروع 4']), CP1256);
    const d = decodeText(bytes);
    expect(d.encoding).toBe('windows-1256');
    expect(d.text).toContain('اعمال الحفر');
    expect(d.text).toContain('تركيب المضخات');
  });

  it('prefers windows-1252 when the only high bytes are currency symbols shared by 1252 and 1256', () => {
    // £ ¥ € sit at the same bytes in 1252 and 1256 (CURRTYPE in most XERs); in 1251 they are letters.
    const bytes = new Uint8Array([...new TextEncoder().encode('%R\t1\t2\t'), 0xa3, ...new TextEncoder().encode('\t.\n%R\t2\t2\t'), 0x80, 0x0a]);
    expect(decodeText(bytes).encoding).toBe('windows-1252');
    expect(decodeText(bytes).text).toContain('\t£\t');
  });

  it('treats valid UTF-8 as UTF-8 (and pure ASCII too)', () => {
    const utf8 = new TextEncoder().encode(xerLike(['Задача 1', 'Café £5']));
    expect(decodeText(utf8)).toMatchObject({ encoding: 'utf-8' });
    expect(decodeText(utf8).text).toContain('Задача 1');
    expect(decodeText(new TextEncoder().encode('plain ascii')).encoding).toBe('utf-8');
  });

  it('honours byte-order marks and strips them', () => {
    const bom8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('ERMHDR\tx')]);
    expect(decodeText(bom8)).toMatchObject({ encoding: 'utf-8', text: 'ERMHDR\tx' });
    const le = new Uint8Array([0xff, 0xfe, 0x45, 0, 0x52, 0]);
    expect(decodeText(le)).toMatchObject({ encoding: 'utf-16le', text: 'ER' });
  });

  it('uses a hint when given, and rejects an unknown label', () => {
    const bytes = encode('Задача', CP1251);
    expect(decodeText(bytes, 'windows-1251').text).toBe('Задача');
    expect(() => decodeText(bytes, 'klingon-1')).toThrow(/Unknown text encoding "klingon-1"/);
  });

  it('removes UTF-8 byte-order marks pasted inside a code-page file', () => {
    const bytes = new Uint8Array([...encode('£ unit\t', CP1252), 0xef, 0xbb, 0xbf, ...encode('\tnext', CP1252)]);
    const d = decodeText(bytes);
    expect(d.encoding).toBe('windows-1252');
    expect(d.text).toBe('£ unit\t\tnext');
    expect(d.note).toMatch(/removed 1 stray UTF-8 byte-order mark/);
  });

  it('decodes big single-byte inputs chunk by chunk exactly as a whole (chunk boundaries, ASCII runs)', () => {
    // 3.5 MiB: ASCII chunks, then a chunk with Cyrillic straddling the 1 MiB boundary.
    const n = 3.5 * 1024 * 1024;
    const bytes = new Uint8Array(n);
    for (let i = 0; i < n; i++) bytes[i] = 97 + (i % 26);
    const word = encode(' Задача ', CP1251);
    bytes.set(word, 2 * 1024 * 1024 - 4);
    bytes.set(word, n - 8);
    const s = decodeSingleByte(bytes, 'windows-1251');
    expect(s.length).toBe(n);
    expect(s.slice(2 * 1024 * 1024 - 4, 2 * 1024 * 1024 + 4)).toBe(' Задача ');
    expect(s.slice(-8)).toBe(' Задача ');
    expect(s.slice(0, 3)).toBe('abc');
    expect(decodeText(bytes).encoding).toBe('windows-1251');
  });

  it('scores the right code page highest for each language', () => {
    const ru = scoreCodePages(encode(xerLike(['Проверка качества бетона', 'Устройство фундаментов']), CP1251));
    expect(ru['windows-1251']).toBeGreaterThan(Math.max(ru['windows-1252'], ru['windows-1256']));
    const ar = scoreCodePages(encode(xerLike(['اعمال الحفر', 'تركيب المضخات']), CP1256));
    expect(ar['windows-1256']).toBeGreaterThan(Math.max(ar['windows-1251'], ar['windows-1252']));
    const fr = scoreCodePages(encode(xerLike(['Réception des matériaux', 'Coût prévu £']), { ...CP1252, ê: 0xea, û: 0xfb }));
    expect(fr['windows-1252']).toBeGreaterThan(Math.max(fr['windows-1251'], fr['windows-1256']));
  });
});

const corpus = path.resolve(__dirname, '../../../..', 'shared/samples/schedules/xer');
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.warn(`[encoding.test] sample corpus not found at ${corpus}; corpus encoding tests skipped.`);

describe.skipIf(!haveCorpus)('decodeText on the XER corpus', () => {
  const read = (f: string) => decodeText(new Uint8Array(readFileSync(path.join(corpus, f))));

  it('aspose_encoding1251.xer is windows-1251 with Задача 1 / Тест2 (README: confirmed by the PMXML twin)', () => {
    const d = read('aspose_encoding1251.xer');
    expect(d.encoding).toBe('windows-1251');
    expect(d.text).toContain('\tA1000\tЗадача 1\t');
    expect(d.text).toContain('\tA1010\tТест2\t');
  });

  it('aspose_MultiprojectWithExternal.xer is windows-1251 too (EXPECTED.md B: A1000 "Задача 1")', () => {
    const d = read('aspose_MultiprojectWithExternal.xer');
    expect(d.encoding).toBe('windows-1251');
    expect(d.text).toContain('Задача 1');
  });

  it.each(['pyp6xer_SP10_COST_LOADED.xer', 'aspose_test.xer', 'jaggelas_test.xer', 'mpxj_percent-complete-8.4.xer', 'mpxj_resource-rates-test.xer'])(
    '%s is windows-1252 and its £ stays £ (README: "others are Windows-1252 (e.g. £ in CURRTYPE)")',
    (f) => {
      const d = read(f);
      expect(d.encoding).toBe('windows-1252');
      expect(d.text).toMatch(/\t£\t/);
    },
  );

  it('jaggelas_test.xer keeps its 1252 curly quotes and ellipsis', () => {
    const d = read('jaggelas_test.xer');
    expect(d.text).toContain('(“IA”)');
    expect(d.text).toContain('beds…)');
  });

  it.each(['pyp6xer_SP10_COST_LOADED.xer', 'jaggelas_test.xer', 'aspose_test.xer', 'aspose_encoding1251.xer'])('%s: the sparse decoding patches back to the full decoding', (f) => {
    const bytes = new Uint8Array(readFileSync(path.join(corpus, f)));
    const sparse = decodeTextSparse(bytes);
    expect(patchedSlice(sparse.text, 0, sparse.text.length, sparse.patches)).toBe(decodeText(bytes).text);
  });

  it('mpxj_PredecessorCalendar.xer is valid UTF-8 (README)', () => {
    expect(read('mpxj_PredecessorCalendar.xer').encoding).toBe('utf-8');
  });
});

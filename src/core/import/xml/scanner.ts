/**
 * A small, specialised XML scanner for big, data-shaped XML (MS Project MSPDI, P6 PMXML):
 * elements, a few attributes, short text values, no mixed content worth keeping.
 *
 * ## Why not a library
 * Target: a 10,000-task MSPDI file (~40 MB with assignments, baselines and timephased data)
 * from bytes to the canonical model in under 300 ms, peak memory under 3× the file. Measured in
 * Node 20 on the project's 2-core machine with bench/mspdi.bench.ts's synthetic 10k file
 * (37.8 MiB, 1.23 M elements), parse only, no mapping:
 * - fast-xml-parser 5.12 (DOM-style `parse`, entities off): 3.8 s median (4.3–5.5 s when the
 *   machine was busy), ~1.3 GB above the input;
 * - txml 6.0 (`parse`, "the fastest DOM parser"): 1.0–1.45 s, ~1.2 GB;
 * - saxes (streaming; not installed, figure from the issue): 0.44 s;
 * - TextDecoder alone, before any scanning: 25 ms for pure ASCII, 70–74 ms with one "£" in the
 *   file, plus a second copy of the file in memory (two bytes a character once any character is
 *   beyond Latin-1).
 * No library comes near the target, and even a string-based scanner would spend a third of the
 * budget decoding. So this scanner reads the UTF-8 bytes directly: tag names are hashed as they
 * are read and looked up in a fixed vocabulary (./names.ts), values are parsed from the bytes
 * (./values.ts) and only text that is kept becomes a string (./text.ts). Walking every element
 * of the 10k file this way takes ~105 ms, 1.3–1.4× a bare loop that only counts '<' bytes; the
 * whole MSPDI read (scan, typed records, canonical model) has a median of ~190 ms, and a single
 * read peaks ~60 MiB above the input (1.6× the file). Figures from bench/mspdi.bench.ts.
 *
 * ## Shape
 * A pull scanner: `next()` moves to the next start or end tag (skipping text, comments,
 * processing instructions), so a reader walks the big containers (`Tasks`, `Assignments`)
 * element by element; `readInto(record)` then reads one element's whole subtree (a Task with
 * its ~80 children, predecessor links and baselines) into a flat, reusable `XmlRecord`.
 *
 * ## What it checks and what it does not
 * It checks what matters for trusting the data: tags are closed in order (an end tag must match
 * its start tag), the file does not end inside an element, a tag or a comment, there is one
 * root element, and entity references are the predefined ones. It skips the XML declaration,
 * comments, processing instructions and a DOCTYPE, but refuses a DOCTYPE that declares
 * entities (billion-laughs protection: entities are never expanded). It does not validate
 * names character by character, check attribute uniqueness, normalise whitespace in attribute
 * values or handle namespaces beyond ignoring a prefix (`msp:Task` is looked up as `Task`).
 * Text gets XML's line-end normalisation (./text.ts). Errors are `ImportError`s naming the line
 * and the element path and saying what to do.
 */
import { ImportError, inFile } from '../types';
import type { NameTable } from './names';
import { EntityError, decodeRaw, decodeText, resolveReferences } from './text';

export const EOF = 0;
export const START = 1;
export const END = 2;

/** Entry kinds in an `XmlRecord`. */
export const CONTAINER = 0;
/** A leaf whose text is bytes[start, end) (may hold entity references). */
export const LEAF = 1;
/** A leaf whose text was split by a comment or CDATA section: the text is in `strs`. */
export const STRING = 2;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QMARK = 0x3f;
const QUOT = 0x22;
const APOS = 0x27;
const COLON = 0x3a;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const DASH = 0x2d;

const isNameEnd = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === GT || c === SLASH;
/** 1 for bytes that continue a tag name other than ':' (one table load instead of six compares). */
const NAME_BYTE = new Uint8Array(256).fill(1);
for (const c of [0x20, 0x09, 0x0a, 0x0d, GT, SLASH, COLON]) NAME_BYTE[c] = 0;
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

export interface ScannerOptions {
  /** For messages ("site.xml: …"). */
  fileName?: string;
  /** Deepest nesting accepted (default 256; data XML rarely passes 10). */
  maxDepth?: number;
  /** What the user should do about a damaged file (ends every structural error message). */
  advice?: string;
}

/**
 * One element's subtree, flattened in document order. Entry 0 is the element itself (depth 0);
 * entry k has a name id (-1 when not in the vocabulary), a depth (1 = child of the element
 * read), its parent entry and, for leaves, the byte range of its text. Arrays grow as needed and are reused by the next
 * `readInto`, so a reader keeps one record per element type and allocates nothing per element.
 */
export class XmlRecord {
  count = 0;
  bytes: Uint8Array = new Uint8Array(0);
  name = new Int32Array(64);
  depth = new Int32Array(64);
  parent = new Int32Array(64);
  kind = new Uint8Array(64);
  start = new Int32Array(64);
  end = new Int32Array(64);
  strs: (string | undefined)[] = [];

  reset(bytes: Uint8Array): void {
    this.count = 0;
    this.bytes = bytes;
    if (this.strs.length) this.strs.length = 0;
  }

  add(name: number, depth: number, parent: number): number {
    const k = this.count;
    if (k === this.name.length) this.grow();
    this.name[k] = name;
    this.depth[k] = depth;
    this.parent[k] = parent;
    this.kind[k] = LEAF;
    this.count = k + 1;
    return k;
  }

  /** Doubles the arrays (the scanner calls it when `count` reaches their length). */
  grow(): void {
    const n = this.name.length * 2;
    const g32 = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.name = g32(this.name);
    this.depth = g32(this.depth);
    this.parent = g32(this.parent);
    this.start = g32(this.start);
    this.end = g32(this.end);
    const k = new Uint8Array(n);
    k.set(this.kind);
    this.kind = k;
  }

  /** The text of leaf entry k, references resolved ('' for a container). */
  text(k: number): string {
    const kind = this.kind[k];
    if (kind === STRING) return this.strs[k] ?? '';
    if (kind === CONTAINER) return '';
    return decodeText(this.bytes, this.start[k], this.end[k]);
  }

  /** Index of the next entry after k that is not inside k (k's next sibling or beyond). */
  skip(k: number): number {
    const d = this.depth[k];
    let j = k + 1;
    while (j < this.count && this.depth[j] > d) j++;
    return j;
  }
}

export class XmlScanner {
  readonly bytes: Uint8Array;
  readonly length: number;
  readonly names: NameTable;
  /** Byte offset where scanning continues. */
  pos = 0;

  // The tag `next()` stopped at.
  /** Vocabulary id of the tag's (local) name, -1 if not in the vocabulary. */
  name = -1;
  nameStart = 0;
  nameEnd = 0;
  /** Offset of the tag's '<'. */
  tagStart = 0;
  selfClosing = false;
  /** Attribute text of a start tag: bytes[attrStart, attrEnd). */
  attrStart = 0;
  attrEnd = 0;

  /** Open elements: full-name byte ranges and ids. */
  depth = 0;
  private stackStart = new Int32Array(32);
  private stackEnd = new Int32Array(32);
  private stackId = new Int32Array(32);
  private rootSeen = false;
  private readonly fileName: string | undefined;
  private readonly maxDepth: number;
  private readonly advice: string;

  constructor(bytes: Uint8Array, names: NameTable, options: ScannerOptions = {}) {
    this.bytes = bytes;
    this.length = bytes.length;
    this.names = names;
    this.fileName = options.fileName;
    this.maxDepth = options.maxDepth ?? 256;
    this.advice = options.advice ?? 'Export the file again from the application that made it.';
  }

  /** Moves to the next start or end tag at any depth; EOF after the root element has closed. */
  next(): number {
    const b = this.bytes;
    const len = this.length;
    let i = this.pos;
    for (;;) {
      const textStart = i;
      while (i < len && b[i] !== LT) i++;
      if (this.depth === 0) this.checkOutsideText(textStart, i);
      if (i >= len) {
        this.pos = len;
        if (this.depth > 0) this.failEndsEarly(len);
        if (!this.rootSeen) this.fail('it has no root element (no tags at all)', len);
        return EOF;
      }
      const c = i + 1 < len ? b[i + 1] : -1;
      if (c === SLASH) {
        i = this.readEndTag(i);
        this.pos = i;
        return END;
      }
      if (c === BANG) {
        i = this.skipMarkup(i, -1, null);
        continue;
      }
      if (c === QMARK) {
        i = this.skipPi(i);
        continue;
      }
      if (this.depth === 0 && this.rootSeen) this.fail('it has a second root element after the first one closed', i);
      i = this.readStartTag(i);
      this.rootSeen = true;
      this.pos = i;
      return START;
    }
  }

  /**
   * After `next()` returned START: reads the element's subtree into `rec` and moves past its end
   * tag. A self-closing element gives a record of one empty leaf.
   */
  readInto(rec: XmlRecord): void {
    rec.reset(this.bytes);
    // Entry 0 is the element itself (depth 0), so a leaf like <Name>x</Name> has its text there.
    const root = rec.add(this.name, 0, -1);
    rec.start[root] = this.pos;
    rec.end[root] = this.pos;
    if (this.selfClosing) return;
    // The hot loop of every reader: a million elements for a 10,000-task file. Arrays and the
    // depth live in locals (re-read after anything that may grow them) and end tags are checked
    // inline; `this.depth` is written back before any call that reads it.
    const b = this.bytes;
    const len = this.length;
    const names = this.names;
    const base = this.depth;
    let depth = base;
    let stackStart = this.stackStart;
    let stackEnd = this.stackEnd;
    let stackId = this.stackId;
    let rName = rec.name;
    let rDepth = rec.depth;
    let rParent = rec.parent;
    let rKind = rec.kind;
    let rStart = rec.start;
    let rEnd = rec.end;
    let count = rec.count;
    let top = root;
    let i = this.pos;
    for (;;) {
      while (i < len && b[i] !== LT) i++;
      if (i >= len) {
        this.depth = depth;
        rec.count = count;
        this.failEndsEarly(len);
      }
      const c = i + 1 < len ? b[i + 1] : -1;
      if (c === SLASH) {
        // End tag: it must name the innermost open element.
        const d = depth - 1;
        const s0 = stackStart[d];
        const n = stackEnd[d] - s0;
        const nameStart = i + 2;
        let k = 0;
        while (k < n && b[nameStart + k] === b[s0 + k]) k++;
        let j = nameStart + n;
        if (k === n && j < len && b[j] !== GT) while (j < len && isSpace(b[j])) j++;
        if (k !== n || j >= len || b[j] !== GT) {
          this.depth = depth;
          rec.count = count;
          this.readEndTag(i); // throws, saying what is wrong
        }
        depth = d;
        const kind = rKind[top];
        if (kind === LEAF) rEnd[top] = i;
        else if (kind === STRING) {
          rec.strs[top] = (rec.strs[top] ?? '') + this.decode(rStart[top], i);
          rEnd[top] = i;
        }
        i = j + 1;
        if (depth < base) {
          this.depth = depth;
          this.name = stackId[d];
          this.nameStart = s0;
          this.nameEnd = s0 + n;
          this.selfClosing = false;
          this.pos = i;
          rec.count = count;
          return;
        }
        top = rParent[top];
        continue;
      }
      if (c === BANG || c === QMARK) {
        // A comment, PI or CDATA section inside a leaf splits its text: keep the text as a string.
        this.depth = depth;
        const inLeaf = rKind[top] !== CONTAINER;
        if (inLeaf) {
          const before = this.decode(rStart[top], i);
          rec.strs[top] = rKind[top] === LEAF ? before : (rec.strs[top] ?? '') + before;
          rKind[top] = STRING;
        }
        i = c === BANG ? this.skipMarkup(i, inLeaf ? top : -1, inLeaf ? rec : null) : this.skipPi(i);
        if (inLeaf) rStart[top] = i;
        continue;
      }
      // Start tag: hash the local name while reading it.
      const nameStart = i + 1;
      let j = nameStart;
      let local = nameStart;
      let h = 0;
      for (;;) {
        while (j < len && NAME_BYTE[b[j]] === 1) h = (Math.imul(h, 31) + b[j++]) | 0;
        if (j >= len || b[j] !== COLON) break;
        // A prefix: the lookup uses the local name after it.
        local = ++j;
        h = 0;
      }
      if (j >= len || j === nameStart || local === j) {
        this.depth = depth;
        rec.count = count;
        if (j >= len) this.failEndsEarly(len);
        this.failMalformed(`a "<" that does not start a tag`, i);
      }
      const id = names.lookup(b, local, j, h);
      const nameEnd = j;
      if (b[j] !== GT) {
        // Attributes or "/>": find the tag's end, stepping over quoted values.
        let q = 0;
        for (; j < len; j++) {
          const x = b[j];
          if (q !== 0) {
            if (x === q) q = 0;
          } else if (x === GT) break;
          else if (x === QUOT || x === APOS) q = x;
          else if (x === LT) {
            this.depth = depth;
            this.failMalformed(`the tag <${this.decode(nameStart, nameEnd)}> is not closed with ">"`, i);
          }
        }
        if (j >= len) {
          this.depth = depth;
          rec.count = count;
          this.failEndsEarly(len);
        }
      }
      const selfClosing = b[j - 1] === SLASH && j - 1 >= nameEnd;
      rKind[top] = CONTAINER;
      if (count === rName.length) {
        rec.count = count;
        rec.grow();
        rName = rec.name;
        rDepth = rec.depth;
        rParent = rec.parent;
        rKind = rec.kind;
        rStart = rec.start;
        rEnd = rec.end;
      }
      const e = count++;
      rName[e] = id;
      rDepth[e] = depth - base + 1;
      rParent[e] = top;
      rKind[e] = LEAF;
      i = j + 1;
      rStart[e] = i;
      if (selfClosing) {
        rEnd[e] = i;
      } else {
        if (depth === stackStart.length || depth >= this.maxDepth) {
          this.depth = depth;
          rec.count = count;
          this.push(nameStart, nameEnd, id, i); // grows the stack, or throws past maxDepth
          stackStart = this.stackStart;
          stackEnd = this.stackEnd;
          stackId = this.stackId;
        } else {
          stackStart[depth] = nameStart;
          stackEnd[depth] = nameEnd;
          stackId[depth] = id;
        }
        depth++;
        top = e;
      }
    }
  }

  /** After `next()` returned START: skips the element's content and its end tag. */
  skipElement(): void {
    if (this.selfClosing) return;
    const target = this.depth - 1;
    while (this.depth > target) {
      if (this.next() === EOF) return;
    }
  }

  /** The attributes of the start tag `next()` stopped at, values with references resolved. */
  attributes(): Record<string, string> {
    const out: Record<string, string> = {};
    const text = decodeRaw(this.bytes, this.attrStart, this.attrEnd);
    const re = /([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const raw = m[3] ?? m[4] ?? '';
      try {
        out[m[1]] = raw.includes('&') ? resolveReferences(raw, this.attrStart) : raw;
      } catch (e) {
        this.rethrowEntity(e, this.attrStart);
      }
    }
    return out;
  }

  /** The current tag's full name (with any prefix), for messages. */
  tagName(): string {
    return this.decode(this.nameStart, this.nameEnd);
  }

  /** Open elements from the root, e.g. `Project/Tasks/Task`. */
  path(): string {
    const parts: string[] = [];
    for (let k = 0; k < this.depth; k++) parts.push(this.rawName(this.stackStart[k], this.stackEnd[k]));
    return parts.join('/');
  }

  /**
   * An element name for a message, never throwing: a damaged name holding "&…" made path() throw
   * an entity error, whose message asked path() again, until the stack overflowed.
   */
  private rawName(start: number, end: number): string {
    let out = '';
    for (let i = start, e = Math.min(end, start + 80); i < e; i++) {
      const c = this.bytes[i];
      out += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '?';
    }
    return end - start > 80 ? `${out}…` : out;
  }

  /** 1-based line number of a byte offset (for messages; O(offset)). */
  lineOf(offset: number): number {
    let line = 1;
    const b = this.bytes;
    for (let i = 0, e = Math.min(offset, this.length); i < e; i++) if (b[i] === 0x0a) line++;
    return line;
  }

  /** Text of a leaf entry, turning an unknown entity into a message naming the line. */
  text(rec: XmlRecord, k: number): string {
    try {
      return rec.text(k);
    } catch (e) {
      return this.rethrowEntity(e, rec.start[k]);
    }
  }

  // ---- internals ---------------------------------------------------------------------------

  private decode(start: number, end: number): string {
    try {
      return decodeText(this.bytes, start, end);
    } catch (e) {
      return this.rethrowEntity(e, start);
    }
  }

  private rethrowEntity(e: unknown, offset: number): never {
    if (e instanceof EntityError) {
      const at = Math.min(this.length, Math.max(offset, e.offset));
      throw this.error(
        `it uses the entity reference "${e.reference}", which is not one of XML's five predefined entities. Entities declared in a DOCTYPE are never expanded (a protection against "billion laughs" files); ${this.advice}`,
        at,
      );
    }
    throw e;
  }

  private push(start: number, end: number, id: number, at: number): void {
    const d = this.depth;
    if (d >= this.maxDepth) this.fail(`its elements are nested more than ${this.maxDepth} deep, which no schedule file does; it is probably damaged or malicious. ${this.advice}`, at);
    if (d === this.stackStart.length) {
      const grow = (a: Int32Array) => {
        const n = new Int32Array(a.length * 2);
        n.set(a);
        return n;
      };
      this.stackStart = grow(this.stackStart);
      this.stackEnd = grow(this.stackEnd);
      this.stackId = grow(this.stackId);
    }
    this.stackStart[d] = start;
    this.stackEnd[d] = end;
    this.stackId[d] = id;
    this.depth = d + 1;
  }

  private readStartTag(i: number): number {
    const b = this.bytes;
    const len = this.length;
    const nameStart = i + 1;
    let j = nameStart;
    let local = nameStart;
    let h = 0;
    for (;;) {
      while (j < len && NAME_BYTE[b[j]] === 1) h = (Math.imul(h, 31) + b[j++]) | 0;
      if (j >= len || b[j] !== COLON) break;
      local = ++j;
      h = 0;
    }
    if (j >= len) this.failEndsEarly(len);
    if (j === nameStart || local === j) this.failMalformed(`a "<" that does not start a tag`, i);
    this.name = this.names.lookup(b, local, j, h);
    this.nameStart = nameStart;
    this.nameEnd = j;
    this.tagStart = i;
    let q = 0;
    for (; j < len; j++) {
      const x = b[j];
      if (q !== 0) {
        if (x === q) q = 0;
      } else if (x === GT) break;
      else if (x === QUOT || x === APOS) q = x;
      else if (x === LT) this.failMalformed(`the tag <${this.decode(nameStart, this.nameEnd)}> is not closed with ">"`, i);
    }
    if (j >= len) this.failEndsEarly(len);
    this.selfClosing = b[j - 1] === SLASH && j - 1 >= this.nameEnd;
    this.attrStart = this.nameEnd;
    this.attrEnd = this.selfClosing ? j - 1 : j;
    if (!this.selfClosing) this.push(nameStart, this.nameEnd, this.name, i);
    return j + 1;
  }

  /** Reads `</name >` at i, checks it closes the innermost open element; returns the offset after it. */
  private readEndTag(i: number): number {
    const b = this.bytes;
    const len = this.length;
    const d = this.depth - 1;
    const nameStart = i + 2;
    if (d >= 0) {
      // Fast path: compare straight against the open element's name.
      const s = this.stackStart[d];
      const n = this.stackEnd[d] - s;
      let k = 0;
      while (k < n && b[nameStart + k] === b[s + k]) k++;
      let j = nameStart + n;
      if (k === n && j < len && (b[j] === GT || isSpace(b[j]))) {
        while (j < len && isSpace(b[j])) j++;
        if (j < len && b[j] === GT) {
          this.name = this.stackId[d];
          this.nameStart = s;
          this.nameEnd = s + n;
          this.tagStart = i;
          this.selfClosing = false;
          this.depth = d;
          return j + 1;
        }
      }
    }
    // Slow path: say what is wrong.
    let j = nameStart;
    while (j < len && !isNameEnd(b[j])) j++;
    const nameEnd = j;
    while (j < len && isSpace(b[j])) j++;
    if (j >= len) this.failEndsEarly(len);
    if (b[j] !== GT || nameEnd === nameStart) this.failMalformed('an end tag is not written as </name>', i);
    if (d < 0) this.failMalformed(`the end tag </${this.decode(nameStart, nameEnd)}> closes an element that was never opened`, i);
    return this.failMalformed(`the element <${this.decode(this.stackStart[d], this.stackEnd[d])}> is closed by </${this.decode(nameStart, nameEnd)}>`, i);
  }

  /**
   * Skips `<!--…-->`, `<![CDATA[…]]>` or (before the root) `<!DOCTYPE…>`. A CDATA section inside
   * a leaf (`leaf` ≥ 0) has its content appended to the leaf's string.
   */
  private skipMarkup(i: number, leaf: number, rec: XmlRecord | null): number {
    const b = this.bytes;
    const len = this.length;
    if (b[i + 2] === DASH && b[i + 3] === DASH) {
      const end = this.indexOf3(DASH, DASH, GT, i + 4);
      if (end < 0) this.failEndsEarly(len, 'inside a comment');
      return end + 3;
    }
    if (this.startsWith(i + 2, '[CDATA[')) {
      if (this.depth === 0) this.failMalformed('a CDATA section appears outside the root element', i);
      const end = this.indexOf3(RBRACKET, RBRACKET, GT, i + 9);
      if (end < 0) this.failEndsEarly(len, 'inside a CDATA section');
      if (rec && leaf >= 0) rec.strs[leaf] = (rec.strs[leaf] ?? '') + decodeRaw(b, i + 9, end);
      return end + 3;
    }
    if (this.startsWith(i + 2, 'DOCTYPE')) {
      if (this.depth > 0 || this.rootSeen) this.failMalformed('a DOCTYPE appears after the root element started', i);
      return this.skipDoctype(i);
    }
    return this.failMalformed('"<!" starts neither a comment, a CDATA section nor a DOCTYPE', i);
  }

  private skipDoctype(i: number): number {
    const b = this.bytes;
    const len = this.length;
    let q = 0;
    let inSubset = false;
    for (let j = i + 9; j < len; j++) {
      const x = b[j];
      if (q !== 0) {
        if (x === q) q = 0;
      } else if (x === QUOT || x === APOS) q = x;
      else if (x === LBRACKET) inSubset = true;
      else if (x === RBRACKET) inSubset = false;
      else if (inSubset && x === LT && this.startsWith(j, '<!ENTITY')) {
        this.fail(
          'its DOCTYPE declares its own entities (<!ENTITY …>). Schedule tools never write these, and files that do can expand to gigabytes ("billion laughs"), so the file is refused without reading further. If it came from a colleague, ask for a fresh export from the scheduling tool.',
          j,
        );
      } else if (x === GT && !inSubset) return j + 1;
    }
    return this.failEndsEarly(len, 'inside the DOCTYPE');
  }

  private skipPi(i: number): number {
    const len = this.length;
    const b = this.bytes;
    for (let j = i + 2; j + 1 < len; j++) if (b[j] === QMARK && b[j + 1] === GT) return j + 2;
    return this.failEndsEarly(len, 'inside a processing instruction (<? … ?>)');
  }

  private indexOf3(a: number, b2: number, c: number, from: number): number {
    const b = this.bytes;
    for (let j = from; j + 2 < this.length; j++) if (b[j] === a && b[j + 1] === b2 && b[j + 2] === c) return j;
    return -1;
  }

  private startsWith(at: number, ascii: string): boolean {
    if (at + ascii.length > this.length) return false;
    for (let k = 0; k < ascii.length; k++) if (this.bytes[at + k] !== ascii.charCodeAt(k)) return false;
    return true;
  }

  /** Text outside the root element may only be whitespace. */
  private checkOutsideText(start: number, end: number): void {
    const b = this.bytes;
    for (let i = start; i < end; i++) {
      if (!isSpace(b[i])) {
        if (this.rootSeen) this.fail('it has text after the root element closed', i);
        this.fail('it has text before the first element', i);
      }
    }
  }

  private failEndsEarly(at: number, where?: string): never {
    const inside = this.depth > 0 ? `inside <${this.decode(this.stackStart[this.depth - 1], this.stackEnd[this.depth - 1])}> (${this.path()})` : '';
    const place = [where, inside].filter(Boolean).join(', ');
    throw this.error(`the file ends early${place ? `, ${place}` : ''}: it was probably cut off while being copied, downloaded or saved. ${this.advice}`, at);
  }

  private failMalformed(what: string, at: number): never {
    throw this.error(`the XML is damaged: ${what}. ${this.advice}`, at);
  }

  private fail(what: string, at: number): never {
    throw this.error(what, at);
  }

  private error(what: string, at: number): ImportError {
    const line = this.lineOf(at);
    const path = this.depth > 0 ? this.path() : '';
    return new ImportError(`${inFile(this.fileName)}Cannot read this XML file (line ${line}): ${what}`, `line ${line}${path ? `, ${path}` : ''}`);
  }
}

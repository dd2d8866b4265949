/** A cut-off PMXML whose last tag never closes: the "ends early" message, without quadratic work. */
import { describe, expect, it } from 'vitest';
import { ImportError, parseScheduleFile } from '../../../../src/core/import';
import { openElementsAtEnd } from '../../../../src/core/import/pmxml/sniff';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<APIBusinessObjects xmlns="http://xmlns.oracle.com/Primavera/P6Professional/V20.12/API/BusinessObjects">\n  <Project>\n    <ObjectId>1</ObjectId>\n  <ResourceRate>\n    <ObjectId>7564</Ob';

describe('PMXML cut off inside a tag that never closes', () => {
  it('names the open elements for a million-character unclosed tag (the old regular expression backtracked for minutes)', () => {
    const text = `${HEAD}${'"'.repeat(1_000_000)}`;
    expect(openElementsAtEnd(text)).toEqual(['APIBusinessObjects', 'Project', 'ResourceRate', 'ObjectId']);
    try {
      parseScheduleFile(new TextEncoder().encode(text), { fileName: 'cut.xml' });
      throw new Error('expected an ImportError');
    } catch (e) {
      expect(e).toBeInstanceOf(ImportError);
      expect((e as Error).message).toMatch(/^cut\.xml: The file ends early, inside APIBusinessObjects › Project › ResourceRate › ObjectId at line 6: /);
    }
  });

  it('skips comments, CDATA, processing instructions and self-closing tags, and pops closed elements', () => {
    const text = '<?xml version="1.0"?><A><!-- <B> --><C/><D><![CDATA[<E>]]></D><x:F attr="1"><G>';
    expect(openElementsAtEnd(text)).toEqual(['A', 'F', 'G']);
  });
});

/** An XML element name holding "&": the entity error names its place instead of overflowing the stack. */
import { describe, expect, it } from 'vitest';
import { ImportError, parseScheduleFile } from '../../../../src/core/import';

const MSPDI = (task: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Project xmlns="http://schemas.microsoft.com/project"><Name>P</Name><Tasks><Task><UID>1</UID><Name>A</Name>${task}</Task></Tasks></Project>`;

describe('MSPDI with an "&" inside an element name', () => {
  it('is refused with an ImportError naming the line (it was a RangeError: Maximum call stack size exceeded)', () => {
    const bytes = new TextEncoder().encode(MSPDI('<StartV&riance>0</StartVariance>'));
    try {
      parseScheduleFile(bytes, { fileName: 'flip.xml' });
      throw new Error('expected an ImportError');
    } catch (e) {
      expect(e).toBeInstanceOf(ImportError);
      expect((e as Error).message).toMatch(/^flip\.xml: Cannot read this XML file \(line 2\): /);
      expect((e as ImportError).where).toMatch(/^line 2, Project\/Tasks\/Task/);
    }
  });
});

/**
 * The pass modules (forward, backward, links, alap, floats) keep local copies of the kind, constraint and link codes (imported
 * bindings are slow to read in their loops when modules are not bundled). Every copy must equal
 * the shared value it stands for.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as codes from '../../../src/core/cpm/codes';
import * as network from '../../../src/core/cpm/network';

const shared: Record<string, unknown> = { ...codes, ...network };

describe('local copies of the CPM codes', () => {
  for (const file of ['forward.ts', 'backward.ts', 'links.ts', 'alap.ts', 'floats.ts']) {
    it(`${file} copies them faithfully`, () => {
      const text = readFileSync(resolve(__dirname, '../../../src/core/cpm', file), 'utf8');
      const copies = [...text.matchAll(/^const ((?:KIND|CSTR|LINK)_[A-Z_]+) = (\d+);$/gm)];
      expect(copies.length).toBeGreaterThan(0);
      for (const [, name, value] of copies) expect(Number(value), `${file}: ${name}`).toBe(shared[name]);
    });
  }
});

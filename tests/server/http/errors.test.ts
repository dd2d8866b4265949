import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { HttpError } from '../../../server/http/errors';
import { assertJsonDepth, jsonDepth, MAX_JSON_DEPTH } from '../../../server/http/jsonDepth';

const bytes = (s: string) => new TextEncoder().encode(s);
const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('jsonDepth', () => {
  it('counts the deepest nesting and skips brackets inside strings and escapes', () => {
    expect(jsonDepth(bytes('{}'))).toBe(1);
    expect(jsonDepth(bytes('{"a":[1,{"b":[]}]}'))).toBe(4);
    expect(jsonDepth(bytes('{"a":"[[[[{{{{\\"[[["}'))).toBe(1);
    expect(jsonDepth(bytes('42'))).toBe(0);
  });

  it('refuses a body nested deeper than the limit with a 400 that says what to do', () => {
    let thrown: unknown;
    try {
      assertJsonDepth(bytes(nested(MAX_JSON_DEPTH + 1)));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect((thrown as HttpError).status).toBe(400);
    expect((thrown as HttpError).message).toMatch(/more than 64 levels deep/);
    expect(() => assertJsonDepth(bytes(nested(MAX_JSON_DEPTH)))).not.toThrow();
  });
});

describe('the API refuses deeply nested JSON', () => {
  it('answers 400 naming the limit, not 500, for a body 10,000 levels deep', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'earnest-depth-'));
    const app = createApp({ config: { ...loadConfig({ DATA_DIR: dataDir }), host: '127.0.0.1' }, rateLimits: false });
    const res = await request(app).post('/api/analytics/events').set('Content-Type', 'application/json').send(nested(10_000));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/levels deep/);
  });
});

/**
 * Shared by the MSPDI tests: where the sample corpus is (read in place, never copied) and small
 * regex "oracles" that count or sum raw fields straight from a file's text, independently of the
 * reader under test.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const SAMPLES = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules');
export const MSPDI_DIR = path.join(SAMPLES, 'mspdi');
export const haveSamples = existsSync(MSPDI_DIR);
if (!haveSamples) console.warn(`[mspdi tests] sample corpus not found at ${MSPDI_DIR}; the corpus tests are skipped.`);

export function sampleFiles(): string[] {
  return haveSamples ? readdirSync(MSPDI_DIR).filter((f) => f.endsWith('.xml')).sort() : [];
}

export function sampleBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(MSPDI_DIR, name)));
}

export function sampleText(name: string): string {
  return new TextDecoder().decode(sampleBytes(name));
}

/** The <Task> elements of a file, as raw text. */
export function rawTasks(xml: string): string[] {
  return xml.match(/<Task>[\s\S]*?<\/Task>/g) ?? [];
}

/** A direct (non-nested) field of a raw element: nested Baseline/TimephasedData/links removed first. */
export function rawField(element: string, field: string): string | undefined {
  const flat = element.replace(/<(Baseline|TimephasedData|PredecessorLink|ExtendedAttribute)>[\s\S]*?<\/\1>/g, '');
  return new RegExp(`<${field}>([^<]*)</${field}>`).exec(flat)?.[1];
}

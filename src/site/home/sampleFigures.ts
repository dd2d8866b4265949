/**
 * Figures of the built-in sample project (src/core/sample/riversideViaduct.ts) as the engine computes them, written
 * out so the hero card and the demo dialog can show them without loading the engine on first
 * paint. The product tour computes the same figures live; the home page's end-to-end test checks
 * that the two agree.
 */
export const SAMPLE = {
  name: 'Riverside Viaduct — Package B',
  dataDateText: '31 Oct 2025',
  spi: '0.84',
  cpi: '0.95',
  spit: '0.88',
  tcpi: '1.06',
  eacShort: '£12.41m',
  bacShort: '£11.85m',
  percentComplete: '54.1%',
  percentScheduled: '64.2%',
  /** Cumulative planned value, earned value and actual cost per month, in £ thousands (null: after the data date). */
  months: ['Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Jan', 'Feb', 'Mar'],
  pvK: [408, 989, 1936, 3127, 4689, 6143, 7611, 8533, 9284, 10183, 11083, 11850],
  evK: [354, 834, 1488, 2388, 3486, 5002, 6415, null, null, null, null, null],
  acK: [338, 815, 1510, 2468, 3652, 5263, 6718, null, null, null, null, null],
  /** The status month's index in the arrays above. */
  statusIndex: 6,
  controlAccounts: [
    { code: 'CA-100', name: 'Enabling works & utilities', spi: '1.00', cpi: '1.06' },
    { code: 'CA-200', name: 'Piling & foundations', spi: '0.97', cpi: '0.88' },
    { code: 'CA-300', name: 'Piers & substructure', spi: '0.74', cpi: '0.99' },
    { code: 'CA-400', name: 'Deck & superstructure', spi: '0.68', cpi: '0.99' },
    { code: 'CA-500', name: 'Rail systems & commissioning', spi: null, cpi: null },
  ],
} as const;

/** An SVG path through the known points of a series, scaled into a width × height box. */
export function miniPath(values: readonly (number | null)[], max: number, width: number, height: number, pad = 4): string {
  const n = values.length;
  const x = (i: number) => (n <= 1 ? 0 : (i / (n - 1)) * width);
  const y = (v: number) => height - pad - (v / max) * (height - 2 * pad);
  let d = '';
  values.forEach((v, i) => {
    if (v === null) return;
    d += `${d ? ' L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`;
  });
  return d;
}

/** The file's base currency as an ISO 4217 code. */
import type { ImportWarning } from '../../model/schedule';
import { CURRENCY_HINTS } from './p6codes';
import { colsOf } from './kit';
import type { P6Table } from './tables';

export /** ISO 4217 code of the ERMHDR currency short name, through CURRTYPE when it is not already a code. */
function resolveCurrency(short: string | undefined, currtype: P6Table | undefined, warnings: ImportWarning[]): string {
  const s = (short ?? '').trim();
  if (/^[A-Z]{3}$/.test(s)) return s;
  if (s && currtype) {
    const c = colsOf(currtype, ['curr_short_name', 'curr_symbol', 'curr_type']);
    for (let r = 0; r < currtype.rowCount; r++) {
      if (currtype.str(r, c.curr_short_name) !== s) continue;
      const iso = CURRENCY_HINTS[currtype.str(r, c.curr_type).toLowerCase()] ?? CURRENCY_HINTS[currtype.str(r, c.curr_symbol)];
      if (iso) return iso;
    }
  }
  const hinted = CURRENCY_HINTS[s.toLowerCase()] ?? CURRENCY_HINTS[s];
  if (hinted) return hinted;
  warnings.push({ message: s ? `The file's base currency "${s}" is not an ISO 4217 code Earnest recognises; amounts are shown as GBP. Check the project currency.` : 'The file does not name its base currency; amounts are shown as GBP. Check the project currency.', where: 'ERMHDR' });
  return 'GBP';
}

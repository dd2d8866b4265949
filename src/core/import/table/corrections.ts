/**
 * Applying a user's corrections to a proposal: the columns they mapped keep their choice (with
 * confidence 1), and the remaining columns are re-assigned among the fields still free, so a
 * correction never leaves a field on two columns. Pure: storing corrections is the caller's job.
 */
import { assignMax } from './assign';
import { CUMULATIVE_OF, FIELDS, isMappingField, type MappingField } from './fields';
import { MIN_SCORE, type ColumnProposal, type MappingProposal } from './mapper';
import { normaliseHeaderKey } from './signature';
import { quoted } from './sheet';

/**
 * `remembered` maps a column header (as written, or in any letter case) to a field name or null
 * ("ignore this column"). Unknown field names are ignored, so stale records cannot break an import.
 */
export function applyCorrections(proposal: MappingProposal, remembered: Readonly<Record<string, string | null>>): MappingProposal {
  const byKey = new Map<string, MappingField | null>();
  for (const [header, field] of Object.entries(remembered)) {
    if (field === null) byKey.set(normaliseHeaderKey(header), null);
    else if (isMappingField(field) && FIELDS[field].tables.includes(proposal.kind)) byKey.set(normaliseHeaderKey(header), field);
  }
  const exact = new Map(Object.entries(remembered));
  const columns: ColumnProposal[] = proposal.columns.map((c) => ({ ...c, alternatives: [...c.alternatives], candidates: { ...c.candidates } }));
  const pinned = new Set<number>();
  const taken = new Set<MappingField>();
  for (const col of columns) {
    const key = normaliseHeaderKey(col.header);
    const hasExact = exact.has(col.header);
    if (!hasExact && !byKey.has(key)) continue;
    const raw = hasExact ? exact.get(col.header) : undefined;
    const field = raw !== undefined && (raw === null || (isMappingField(raw) && FIELDS[raw].tables.includes(proposal.kind))) ? raw : byKey.get(key);
    if (field === undefined) continue;
    if (field !== null && taken.has(field)) {
      // Two columns corrected to the same field: the first keeps it.
      col.field = null;
      col.confidence = 1;
      col.reason = `you mapped another column to ${FIELDS[field].label}; ${quoted(col.header)} is left unmapped`;
    } else {
      col.field = field;
      col.confidence = 1;
      col.reason = field === null ? `you chose to ignore ${quoted(col.header)}` : `you mapped ${quoted(col.header)} to ${FIELDS[field].label}`;
      if (field) taken.add(field);
    }
    col.source = 'correction';
    pinned.add(col.index);
  }
  if (pinned.size === 0) return { ...proposal, columns };

  // Re-assign the other columns among the fields left free, from the scores kept in the proposal.
  const free = columns.filter((c) => !pinned.has(c.index));
  const fields = [...new Set(free.flatMap((c) => Object.keys(c.candidates) as MappingField[]))].filter((f) => !taken.has(f));
  // A column that lost its field to a correction must not slide into that field's twin ("Actual"
  // displaced from actual cost is not thereby cumulative actual cost): that would keep two columns
  // feeding the same measure, and the user's correction would change nothing.
  const twins = (f: MappingField | null): MappingField[] => {
    if (!f) return [];
    const out: MappingField[] = [];
    for (const [a, b] of Object.entries(CUMULATIVE_OF) as [MappingField, MappingField][]) if (a === f || b === f) out.push(a === f ? b : a);
    return out;
  };
  const matrix = free.map((c) => {
    const barred = c.field !== null && taken.has(c.field) ? twins(c.field) : [];
    return fields.map((f) => (barred.includes(f) ? 0 : (c.candidates[f] ?? 0)));
  });
  const choice = assignMax(matrix, MIN_SCORE);
  free.forEach((c, i) => {
    const f = choice[i] >= 0 ? fields[choice[i]] : null;
    if (f === c.field) return;
    const before = c.field;
    c.field = f;
    c.confidence = f ? (c.candidates[f] ?? 0) : 0;
    const displaced = before !== null && taken.has(before);
    c.reason = f
      ? `re-mapped to ${FIELDS[f].label}${displaced ? ` because you gave ${FIELDS[before].label} to another column` : ' after your corrections'}`
      : `left unmapped: ${displaced ? `you gave ${FIELDS[before].label} to another column` : 'no free field fits it'}`;
  });
  return { ...proposal, columns };
}

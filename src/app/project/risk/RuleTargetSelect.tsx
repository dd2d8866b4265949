/**
 * What a rule or a correlation group applies to, as one select: all activities, an activity type,
 * a WBS branch or an activity code value. The value is one string ("all", "wbs:<id>",
 * "code:<type>:<value>", "type:<type>") so a plain <select> can hold it.
 */
import type { RuleTarget } from '../../../core/risk/uncertainty';
import type { RiskSetupView } from '../../../local/contracts';

const TYPES = [
  { value: 'task', label: 'Tasks' },
  { value: 'finish-milestone', label: 'Finish milestones' },
  { value: 'start-milestone', label: 'Start milestones' },
] as const;

export const targetKey = (t: RuleTarget): string => (t.kind === 'all' ? 'all' : t.kind === 'wbs' ? `wbs:${t.wbsId}` : t.kind === 'code' ? `code:${t.codeTypeId}:${t.value}` : `type:${t.type}`);

export function targetOf(key: string): RuleTarget {
  if (key.startsWith('wbs:')) return { kind: 'wbs', wbsId: key.slice(4) };
  if (key.startsWith('code:')) {
    const [, type, ...rest] = key.split(':');
    return { kind: 'code', codeTypeId: type, value: rest.join(':') };
  }
  if (key.startsWith('type:')) return { kind: 'type', type: key.slice(5) as 'task' };
  return { kind: 'all' };
}

export function RuleTargetSelect({ view, value, label, disabled, onChange }: { view: RiskSetupView; value: RuleTarget; label: string; disabled: boolean; onChange(t: RuleTarget): void }) {
  return (
    <select aria-label={label} className="field-input" value={targetKey(value)} disabled={disabled} onChange={(e) => onChange(targetOf(e.target.value))}>
      <option value="all">All activities</option>
      <optgroup label="Activity type">
        {TYPES.map((t) => (
          <option key={t.value} value={`type:${t.value}`}>
            {t.label}
          </option>
        ))}
      </optgroup>
      {view.wbs.length > 0 ? (
        <optgroup label="WBS branch">
          {view.wbs.map((w) => (
            <option key={w.id} value={`wbs:${w.id}`}>
              {w.code} {w.name}
            </option>
          ))}
        </optgroup>
      ) : null}
      {view.codeValues.map((c) => (
        <optgroup key={c.codeTypeId} label={`Code: ${c.codeTypeName}`}>
          {c.values.map((v) => (
            <option key={v.value} value={`code:${c.codeTypeId}:${v.value}`}>
              {c.codeTypeName} = {v.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

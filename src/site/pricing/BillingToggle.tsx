import { ANNUAL_SAVING_PERCENT, type BillingInterval } from '../../core/plans';

interface BillingToggleProps {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
}

const OPTIONS: { value: BillingInterval; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
];

/** Monthly / annual as a native radio group (arrow keys move between the two). */
export function BillingToggle({ value, onChange }: BillingToggleProps) {
  return (
    <fieldset className="billing-toggle">
      <legend className="sr-only">Billing period</legend>
      {OPTIONS.map((o) => (
        <label key={o.value} className={value === o.value ? 'billing-option is-selected' : 'billing-option'}>
          <input type="radio" name="billing-period" value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
          <span>{o.label}</span>
          {o.value === 'annual' ? <span className="billing-save">Save {ANNUAL_SAVING_PERCENT}%</span> : null}
        </label>
      ))}
    </fieldset>
  );
}

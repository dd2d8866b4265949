import { useId, type ReactNode } from 'react';

/** What every field shows around its control: a hint and an error, both tied to the control. */
interface FrameProps {
  label: string;
  hint?: string | undefined;
  error?: string | null;
  /** Renders the control with the id and described-by attributes the frame wires up. */
  children: (control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}

/** The label, hint and error of a form field, wired for screen readers. */
function FieldFrame({ label, hint, error, children }: FrameProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  hint?: string | undefined;
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
  error?: string | null;
}

/** A labelled input (or textarea) with an optional hint and error. */
export function Field({ label, value, onChange, type = 'text', autoComplete, hint, required, multiline, maxLength, error }: FieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) =>
        multiline ? (
          <textarea {...control} className="field-input" value={value} required={required} maxLength={maxLength} rows={6} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input
            {...control}
            className="field-input"
            value={value}
            required={required}
            maxLength={maxLength}
            type={type}
            autoComplete={autoComplete}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </FieldFrame>
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
  /** The text of the empty first choice; none when absent. */
  placeholder?: string;
  hint?: string;
  error?: string | null;
}

/** A labelled <select> styled like {@link Field}. */
export function SelectField({ label, value, onChange, options, placeholder, hint, error }: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} className="field-input field-select" value={value} onChange={(e) => onChange(e.target.value)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A form-level message: errors are announced at once (role=alert), successes politely. */
export function FormMessage({ text, kind, id }: { text: string | null; kind: 'error' | 'success'; id?: string }) {
  if (!text) return null;
  return (
    <p id={id} className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

import { useId } from 'react';

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

/** A labelled input with an optional hint and error, wired for screen readers. */
export function Field({ label, value, onChange, type = 'text', autoComplete, hint, required, multiline, maxLength, error }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    required,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: 'field-input',
  } as const;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={6} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
      )}
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

/** A form-level message: errors are announced at once (role=alert), successes politely. */
export function FormMessage({ text, kind, id }: { text: string | null; kind: 'error' | 'success'; id?: string }) {
  if (!text) return null;
  return (
    <p id={id} className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

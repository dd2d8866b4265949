/**
 * The status (data) date control shared by the import summary and the dashboard: a date field and
 * one line saying which date the figures are at and why ("Status date 14 Mar 2025 — the file's
 * status date"), in the words model/statusDate.ts gives every surface.
 */
import type { ReactNode } from 'react';
import { formatDataDate } from '../../core/format';
import { tryToMinutes } from '../../core/model/dates';
import './statusDate.css';

/** The sentence under the field: the date as P6 and MS Project show it, then why it is that date. */
export function statusDateStatement(date: string, why: string): string {
  return `Status date ${formatDataDate(date)} — ${why}`;
}

/**
 * What is wrong with a date typed in the field (`YYYY-MM-DD`, as a date input gives it), or null.
 * A date input hands over years such as 0002 while the year is being typed; a status date outside
 * 1900–2199 is a typing slip, and analysing at it would only give a confusing error later.
 */
export function statusDayProblem(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || tryToMinutes(day) === null) return 'Enter the status date: day, month and year.';
  const year = Number(day.slice(0, 4));
  if (year < 1900 || year > 2199) return `${formatDataDate(day)} cannot be a status date: check the year.`;
  return null;
}

export function StatusDateField(props: {
  id: string;
  /** `YYYY-MM-DD`, or '' while the field is empty. */
  value: string;
  onChange: (day: string) => void;
  statement: string;
  error?: string | null;
  disabled?: boolean;
  /** Buttons beside the field (the dashboard's Re-analyse). */
  children?: ReactNode;
}) {
  const why = `${props.id}-why`;
  const err = `${props.id}-error`;
  return (
    <div className="status-date" data-testid="status-date">
      <div className="status-date-row">
        <label className="field" htmlFor={props.id}>
          <span>Status date</span>
          <input
            id={props.id}
            className="input"
            type="date"
            required
            value={props.value}
            disabled={props.disabled}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? `${why} ${err}` : why}
            onChange={(e) => props.onChange(e.target.value)}
          />
        </label>
        {props.children}
      </div>
      <p id={why} className="status-date-why">
        {props.statement}
      </p>
      {props.error ? (
        <p id={err} className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

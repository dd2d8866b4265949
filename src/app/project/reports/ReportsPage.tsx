/**
 * /app/projects/:id/reports — the PDF status report (A4 or Letter) and the Excel workbook of the
 * project as the screens show it (the toolbar's options). The data worker builds them (the PDF and
 * Excel libraries never load on the page) from what the device holds, so this works offline; the
 * file downloads with a name that says which project and status date it is.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { dataApi } from '../../../client/data';
import { Spinner } from '../../../ui/Spinner';
import { useProject } from '../projectContext';
import './reports.css';

type Format = 'pdf' | 'xlsx';
type Paper = 'A4' | 'Letter';

const FORMAT_LABEL: Record<Format, string> = { pdf: 'PDF status report', xlsx: 'Excel workbook' };

/** The paper most readers near this device use: Letter in the US and Canada, A4 elsewhere. */
function defaultPaper(): Paper {
  const lang = typeof navigator !== 'undefined' ? navigator.language : '';
  return /-(US|CA)$/i.test(lang) ? 'Letter' : 'A4';
}

/** Hands the bytes to the browser as a download. */
function download(bytes: ArrayBuffer, fileName: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

interface Made {
  fileName: string;
  format: Format;
  kb: number;
  seconds: number;
}

export default function ReportsPage() {
  const p = useProject();
  const [format, setFormat] = useState<Format>('pdf');
  const [paper, setPaper] = useState<Paper>(defaultPaper);
  const [building, setBuilding] = useState<Format | null>(null);
  const [made, setMade] = useState<Made | null>(null);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(true);
  const headingId = useId();
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const ready = p.data !== null;
  const hasActivities = Boolean(p.data?.analysis.breakdown);

  async function make() {
    setBuilding(format);
    setError(null);
    setMade(null);
    const started = performance.now();
    try {
      const file = await dataApi().exportReport(p.id, p.options, format === 'pdf' ? { format, paper } : { format });
      if (!live.current) return;
      download(file.bytes, file.fileName, file.mime);
      setMade({ fileName: file.fileName, format, kb: Math.max(1, Math.round(file.bytes.byteLength / 1024)), seconds: (performance.now() - started) / 1000 });
    } catch (e) {
      if (!live.current) return;
      const why = e instanceof Error ? e.message : String(e);
      setError(`The ${FORMAT_LABEL[format].toLowerCase()} could not be made: ${why} Try again; if it fails again, try the other format or a different status date, and tell us what the message says.`);
    } finally {
      if (live.current) setBuilding(null);
    }
  }

  return (
    <section className="reports card" aria-labelledby={headingId}>
      <h2 id={headingId} className="reports__title">
        Reports
      </h2>
      <p className="reports__intro">
        Export {p.name} as the screens show it now
        {p.options.dataDate ? ' at the status date chosen above' : ''}: {p.options.breakdown === 'control-account' ? 'by control account' : 'by WBS'}, {p.options.periods === 'week' ? 'weekly' : 'monthly'} periods. Made on this
        device, so it works offline.
      </p>
      {p.error && !ready ? (
        <p className="form-message form-message--error" role="alert">
          There is nothing to report yet: {p.error}
        </p>
      ) : null}
      <form
        className="reports__form"
        onSubmit={(e) => {
          e.preventDefault();
          void make();
        }}
      >
        <fieldset className="field reports__choice">
          <legend className="field-label">Format</legend>
          <label className="check">
            <input type="radio" name="report-format" value="pdf" checked={format === 'pdf'} onChange={() => setFormat('pdf')} /> PDF status report — key figures, S-curve and cash-flow charts, breakdown, alerts, commentary and VARs
          </label>
          <label className="check">
            <input type="radio" name="report-format" value="xlsx" checked={format === 'xlsx'} onChange={() => setFormat('xlsx')} /> Excel workbook — measures with formulas, breakdown, periods, cash flow, alerts
            {hasActivities ? ' and the activity grid' : ''}
          </label>
        </fieldset>
        {format === 'pdf' ? (
          <fieldset className="field reports__choice">
            <legend className="field-label">Paper</legend>
            <label className="check">
              <input type="radio" name="report-paper" value="A4" checked={paper === 'A4'} onChange={() => setPaper('A4')} /> A4
            </label>
            <label className="check">
              <input type="radio" name="report-paper" value="Letter" checked={paper === 'Letter'} onChange={() => setPaper('Letter')} /> US Letter
            </label>
          </fieldset>
        ) : null}
        <div className="reports__actions">
          <button type="submit" className="btn btn-primary" disabled={!ready || building !== null} data-testid="make-report">
            {building ? 'Making…' : `Download the ${format === 'pdf' ? 'PDF' : 'workbook'}`}
          </button>
          {building ? <Spinner label={`Making the ${FORMAT_LABEL[building].toLowerCase()}${building === 'xlsx' && hasActivities ? ' (large schedules take a few seconds)' : ''}…`} /> : null}
          {!ready && !p.error ? <Spinner label="Waiting for the figures…" /> : null}
        </div>
      </form>
      {made ? (
        <p className="form-message form-message--success reports__done" role="status" data-testid="report-made">
          Downloaded <strong className="reports__file">{made.fileName}</strong> ({made.kb.toLocaleString('en-GB')} KB, made in {made.seconds.toFixed(1)} s).
        </p>
      ) : null}
      {error ? (
        <p className="form-message form-message--error" role="alert" data-testid="report-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

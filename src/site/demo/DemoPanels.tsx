/**
 * The demo's illustrations, one per step, drawn with HTML and CSS (no images). They show the
 * built-in sample project's figures; each is a picture (role="img" with a description), and the
 * step's caption beside it says in words what it shows.
 */
import type { ReactNode } from 'react';
import { SAMPLE, miniPath } from '../home/sampleFigures';
import type { DemoStep } from './demoSteps';

function Picture({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="demo-pic" role="img" aria-label={label}>
      {children}
    </div>
  );
}

function UploadPic() {
  return (
    <Picture label="A schedule file, riverside-viaduct.xer, being read on the device, with the formats Earnest accepts listed below the drop zone.">
      <div className="demo-drop">
        <div className="demo-file">
          <span className="demo-file__icon">XER</span>
          <span className="demo-file__name">riverside-viaduct.xer</span>
          <span className="demo-file__size">2.4 MB · 1,846 activities</span>
          <span className="demo-bar">
            <span className="demo-bar__fill demo-bar__fill--read" />
          </span>
          <span className="demo-file__status">Reading on this device…</span>
        </div>
        <p className="demo-drop__hint">Drop a schedule here or choose a file</p>
        <ul className="demo-chips">
          <li>P6 .xer</li>
          <li>MS Project .xml / .mpp</li>
          <li>Asta</li>
          <li>Excel .xlsx</li>
        </ul>
      </div>
    </Picture>
  );
}

const MAPPINGS: readonly [string, string, string][] = [
  ['Budgeted Total Cost', 'Budget (BAC)', '98%'],
  ['Actual Total Cost', 'Actual cost (AC)', '97%'],
  ['Physical % Complete', 'Percent complete', '95%'],
  ['BL Project Start', 'Baseline start', '93%'],
  ['BL Project Finish', 'Baseline finish', '93%'],
  ['Cost Acct', 'Control account', '81%'],
];

function MappingPic() {
  return (
    <Picture label="Column mapping: six spreadsheet headers matched to Earnest fields with a confidence for each, from Budgeted Total Cost to Budget at 98% to Cost Acct to Control account at 81%.">
      <table className="demo-table demo-map">
        <thead>
          <tr>
            <th>Your column</th>
            <th>Earnest field</th>
            <th>Match</th>
          </tr>
        </thead>
        <tbody>
          {MAPPINGS.map(([from, to, score]) => (
            <tr key={from}>
              <td>{from}</td>
              <td>
                <span className="demo-arrow">→</span> {to}
              </td>
              <td>
                <span className={`demo-score${parseInt(score, 10) < 90 ? ' demo-score--check' : ''}`}>{score}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Picture>
  );
}

function MetricsPic() {
  const W = 300;
  const H = 90;
  const max = SAMPLE.pvK[SAMPLE.pvK.length - 1];
  return (
    <Picture
      label={`Metrics dashboard for the sample project: SPI ${SAMPLE.spi}, CPI ${SAMPLE.cpi}, EAC ${SAMPLE.eacShort} against a budget of ${SAMPLE.bacShort}, TCPI ${SAMPLE.tcpi}, with the S-curve of planned value, earned value and actual cost.`}
    >
      <div className="demo-tiles">
        <span className="demo-tile demo-tile--warn">
          <b>SPI</b> {SAMPLE.spi}
        </span>
        <span className="demo-tile demo-tile--warn">
          <b>CPI</b> {SAMPLE.cpi}
        </span>
        <span className="demo-tile">
          <b>EAC</b> {SAMPLE.eacShort}
        </span>
        <span className="demo-tile">
          <b>TCPI</b> {SAMPLE.tcpi}
        </span>
      </div>
      <svg className="demo-curve" viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
        <path className="s-pv" d={miniPath([0, ...SAMPLE.pvK], max, W, H)} />
        <path className="s-ac" d={miniPath([0, ...SAMPLE.acK], max, W, H)} />
        <path className="s-ev" d={miniPath([0, ...SAMPLE.evK], max, W, H)} />
      </svg>
    </Picture>
  );
}

function CommentaryPic() {
  return (
    <Picture label="Commentary for the sample project in plain English, under the headings Status, Forecast and What to look at next.">
      <div className="demo-notes">
        <p>
          <b>Status.</b> {SAMPLE.percentComplete} complete against {SAMPLE.percentScheduled} scheduled. Cost performance is slightly below plan: CPI {SAMPLE.cpi}.
          Work is being earned at {Math.round(Number(SAMPLE.spit) * 100)}% of the planned rate (SPI(t) {SAMPLE.spit}).
        </p>
        <p>
          <b>Forecast.</b> Finishing within budget would need a CPI of {SAMPLE.tcpi} on the remaining work, against {SAMPLE.cpi} so far.
        </p>
        <p>
          <b>Next.</b> Review {SAMPLE.controlAccounts[1].name} with its control account manager (CPI {SAMPLE.controlAccounts[1].cpi}).
        </p>
      </div>
    </Picture>
  );
}

function BreakdownPic() {
  const cls = (v: string | null) => (v === null ? '' : Number(v) < 0.9 ? ' demo-cell--critical' : Number(v) < 0.95 ? ' demo-cell--warn' : '');
  return (
    <Picture label="Control account breakdown: SPI and CPI for five control accounts; Piling and foundations has a critical CPI of 0.88, and Piers and Deck are well behind schedule.">
      <table className="demo-table">
        <thead>
          <tr>
            <th>Control account</th>
            <th className="num">SPI</th>
            <th className="num">CPI</th>
          </tr>
        </thead>
        <tbody>
          {SAMPLE.controlAccounts.map((ca) => (
            <tr key={ca.code}>
              <td>
                <span className="demo-code">{ca.code}</span> {ca.name}
              </td>
              <td className={`num${cls(ca.spi)}`}>{ca.spi ?? 'n/a'}</td>
              <td className={`num${cls(ca.cpi)}`}>{ca.cpi ?? 'n/a'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Picture>
  );
}

function ExportPic() {
  return (
    <Picture label="Export: a PDF monthly report and an Excel workbook of the figures, each ready to download.">
      <div className="demo-exports">
        <div className="demo-doc demo-doc--pdf">
          <span className="demo-doc__kind">PDF</span>
          <span className="demo-doc__name">Monthly EVM report</span>
          <span className="demo-doc__lines" />
          <span className="demo-doc__lines demo-doc__lines--short" />
        </div>
        <div className="demo-doc demo-doc--xlsx">
          <span className="demo-doc__kind">XLSX</span>
          <span className="demo-doc__name">Figures by control account</span>
          <span className="demo-doc__grid" />
        </div>
      </div>
    </Picture>
  );
}

const PICTURES: Record<DemoStep['id'], () => ReactNode> = {
  upload: UploadPic,
  mapping: MappingPic,
  metrics: MetricsPic,
  commentary: CommentaryPic,
  breakdown: BreakdownPic,
  export: ExportPic,
};

export function DemoPicture({ step }: { step: DemoStep }) {
  const Pic = PICTURES[step.id];
  return <Pic />;
}

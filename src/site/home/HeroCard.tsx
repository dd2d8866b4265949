import { SAMPLE, miniPath } from './sampleFigures';

const W = 320;
const H = 120;

/**
 * The hero's sample card: the built-in sample project's headline figures and S-curve (sample
 * values; the product tour below computes the same project live).
 */
export function HeroCard() {
  // Cumulative curves from the start of the job (0) to each month end.
  const pv = [0, ...SAMPLE.pvK];
  const ev = [0, ...SAMPLE.evK];
  const ac = [0, ...SAMPLE.acK];
  const max = SAMPLE.pvK[SAMPLE.pvK.length - 1];
  const todayX = ((SAMPLE.statusIndex + 1) / (pv.length - 1)) * W;
  return (
    <figure className="sample-card" aria-labelledby="sample-caption">
      <div className="sample-card-head">
        <div>
          <p className="sample-kicker">Sample project</p>
          <p className="sample-title">{SAMPLE.name}</p>
        </div>
        <span className="badge badge-muted">Data date {SAMPLE.dataDateText}</span>
      </div>
      <dl className="metric-grid">
        <div className="metric" data-hero-metric="spi">
          <dt>SPI</dt>
          <dd className="metric-value warn">{SAMPLE.spi}</dd>
          <dd className="metric-note">Behind schedule</dd>
        </div>
        <div className="metric" data-hero-metric="cpi">
          <dt>CPI</dt>
          <dd className="metric-value">{SAMPLE.cpi}</dd>
          <dd className="metric-note">Over budget</dd>
        </div>
        <div className="metric" data-hero-metric="eac">
          <dt>EAC</dt>
          <dd className="metric-value">{SAMPLE.eacShort}</dd>
          <dd className="metric-note">BAC {SAMPLE.bacShort}</dd>
        </div>
        <div className="metric" data-hero-metric="spit">
          <dt>SPI(t)</dt>
          <dd className="metric-value warn">{SAMPLE.spit}</dd>
          <dd className="metric-note">Earned schedule</dd>
        </div>
      </dl>
      <svg className="s-curve" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Sample S-curves: planned value rises to ${SAMPLE.bacShort}; at the data date earned value is ${SAMPLE.percentComplete} of budget against ${SAMPLE.percentScheduled} planned`}>
        <g className="s-grid">
          <line x1="0" y1="30" x2={W} y2="30" />
          <line x1="0" y1="60" x2={W} y2="60" />
          <line x1="0" y1="90" x2={W} y2="90" />
        </g>
        <path className="s-pv" d={miniPath(pv, max, W, H, 10)} />
        <path className="s-ac" d={miniPath(ac, max, W, H, 10)} />
        <path className="s-ev" d={miniPath(ev, max, W, H, 10)} />
        <line className="s-today" x1={todayX} y1="0" x2={todayX} y2={H} />
      </svg>
      <figcaption id="sample-caption" className="s-legend">
        <span>
          <i className="dot dot-pv" /> PV
        </span>
        <span>
          <i className="dot dot-ev" /> EV
        </span>
        <span>
          <i className="dot dot-ac" /> AC
        </span>
        <span className="muted">Sample values</span>
      </figcaption>
    </figure>
  );
}

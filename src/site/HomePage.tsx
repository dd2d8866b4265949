import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../ui/Icons';
import { useDocumentTitle } from '../ui/useDocumentTitle';

/** The hero's rotating phrases and their interval (product spec: every 2.2 seconds). */
export const HERO_PHRASES = ['SPI/CPI', 'Earned Value', 'Forecasts', 'AI Insights'] as const;
export const HERO_PHRASE_MS = 2200;

function RotatingPhrase() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % HERO_PHRASES.length), HERO_PHRASE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <>
      {/* Screen readers get the full list once instead of a change every 2.2 s. */}
      <span className="sr-only">{HERO_PHRASES.join(', ')}</span>
      <span className="rotator" aria-hidden="true">
        <span key={index} className="rotator-word">
          {HERO_PHRASES[index]}
        </span>
      </span>
    </>
  );
}

const FORMATS = ['Primavera P6 .xer', 'MS Project .xml / .mpp', 'Asta Powerproject', 'Excel .xlsx'];

/** Sample figures only (product spec: all figures on marketing pages are sample values). */
function SampleCard() {
  return (
    <figure className="sample-card" aria-labelledby="sample-caption">
      <div className="sample-card-head">
        <div>
          <p className="sample-kicker">Sample project</p>
          <p className="sample-title">Riverside Viaduct — Package B</p>
        </div>
        <span className="badge badge-muted">Data date 31 Mar</span>
      </div>
      <dl className="metric-grid">
        <div className="metric">
          <dt>SPI</dt>
          <dd className="metric-value warn">0.92</dd>
          <dd className="metric-note">Behind schedule</dd>
        </div>
        <div className="metric">
          <dt>CPI</dt>
          <dd className="metric-value good">1.04</dd>
          <dd className="metric-note">Under budget</dd>
        </div>
        <div className="metric">
          <dt>EAC</dt>
          <dd className="metric-value">£11.83m</dd>
          <dd className="metric-note">BAC £12.30m</dd>
        </div>
        <div className="metric">
          <dt>SPI(t)</dt>
          <dd className="metric-value warn">0.94</dd>
          <dd className="metric-note">Earned schedule</dd>
        </div>
      </dl>
      <svg className="s-curve" viewBox="0 0 320 120" role="img" aria-label="Sample S-curves of planned value, earned value and actual cost">
        <g className="s-grid">
          <line x1="0" y1="30" x2="320" y2="30" />
          <line x1="0" y1="60" x2="320" y2="60" />
          <line x1="0" y1="90" x2="320" y2="90" />
        </g>
        <path className="s-pv" d="M0 116 C70 114 110 92 160 62 S 260 10 320 6" />
        {/* At the data date EV = 0.92 × PV (SPI) and AC = EV / 1.04 (CPI), as in the figures above. */}
        <path className="s-ac" d="M0 116 C64 115 106 100 152 76 S 198 47 214 43" />
        <path className="s-ev" d="M0 116 C64 115 104 98 150 72 S 196 44 214 40" />
        <line className="s-today" x1="214" y1="0" x2="214" y2="120" />
      </svg>
      <figcaption id="sample-caption" className="s-legend">
        <span><i className="dot dot-pv" /> PV</span>
        <span><i className="dot dot-ev" /> EV</span>
        <span><i className="dot dot-ac" /> AC</span>
        <span className="muted">Sample values</span>
      </figcaption>
    </figure>
  );
}

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">Earned value management</p>
            <h1 className="hero-title">Know where your project really stands</h1>
            <p className="hero-rotating">
              One schedule file. <span className="nowrap">Instant <RotatingPhrase />.</span>
            </p>
            <p className="hero-pitch">
              Drop in a Primavera P6, Microsoft Project or Excel file and Earnest gives planners, cost engineers and
              project controls managers SPI, CPI, EAC, TCPI, variances and earned schedule in seconds — every figure
              traceable to the activities behind it. It runs on your own device and keeps working offline, so a site
              laptop with no signal still gets the full picture.
            </p>
            <div className="button-row">
              <Link to="/pricing" className="btn btn-primary btn-lg">
                Try It Free <ArrowRightIcon size={18} />
              </Link>
              <Link to="/features" className="btn btn-outline btn-lg">
                See Features
              </Link>
            </div>
            <p className="hero-fine">14-day free trial · Installs as an app · Works offline</p>
          </div>
          <SampleCard />
        </div>
      </section>
      <section className="formats" aria-labelledby="formats-title">
        <div className="container formats-inner">
          <h2 id="formats-title" className="formats-title">
            Reads the files you already use
          </h2>
          <ul className="format-list">
            {FORMATS.map((f) => (
              <li key={f} className="chip">
                {f}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

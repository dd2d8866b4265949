import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../ui/Icons';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { DemoDialog } from './demo/DemoDialog';
import { Counters } from './home/Counters';
import { HeroCard } from './home/HeroCard';
import { ICONS } from './home/HomeIcons';
import { FEATURE_CARDS, HOW_IT_WORKS, INDUSTRIES, WHY_CHOOSE } from './home/homeContent';
import { ProductTourSection } from './home/ProductTourSection';
import { RotatingPhrase } from './home/RotatingPhrase';
import './home/home.css';

export { HERO_PHRASES, HERO_PHRASE_MS } from './home/homeContent';

const FORMATS = ['Primavera P6 .xer', 'MS Project .xml / .mpp', 'Asta Powerproject', 'Excel .xlsx'];

const PlayCircleIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="10" />
    <path d="m10 8 6 4-6 4z" />
  </svg>
);

function SectionHead({ id, eyebrow, title, lead }: { id: string; eyebrow: string; title: string; lead?: string }) {
  return (
    <div className="home-section__head">
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="home-section__title">
        {title}
      </h2>
      {lead ? <p className="home-section__lead">{lead}</p> : null}
    </div>
  );
}

export default function HomePage() {
  useDocumentTitle();
  const [demoOpen, setDemoOpen] = useState(false);
  const closeDemo = useCallback(() => setDemoOpen(false), []);
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">Earned value management</p>
            <h1 className="hero-title">Know where your project really stands</h1>
            <p className="hero-rotating">
              One schedule file. <span className="nowrap">Instant <RotatingPhrase /></span>
            </p>
            <p className="hero-pitch">
              Drop in a Primavera P6, Microsoft Project or Excel file and Earnest gives planners, cost engineers and project controls managers SPI, CPI,
              EAC, TCPI, variances and earned schedule in seconds — every figure traceable to the activities behind it. It runs on your own device and
              keeps working offline, so a site laptop with no signal still gets the full picture.
            </p>
            <div className="button-row">
              <Link to="/pricing" className="btn btn-primary btn-lg">
                Try It Free <ArrowRightIcon size={18} />
              </Link>
              <button type="button" className="btn btn-outline btn-lg" aria-haspopup="dialog" onClick={() => setDemoOpen(true)}>
                <PlayCircleIcon /> Watch a Short Demo
              </button>
            </div>
            <p className="hero-fine">14-day free trial · Installs as an app · Works offline</p>
          </div>
          <HeroCard />
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

      <section className="home-section" aria-labelledby="industries-title">
        <div className="container">
          <SectionHead
            id="industries-title"
            eyebrow="Who it is for"
            title="Built for jobs that run on a schedule"
            lead="Planners, cost engineers and project controls managers use Earnest wherever progress is measured against a baselined programme."
          />
          <ul className="tiles tiles--industries">
            {INDUSTRIES.map((t) => (
              <li key={t.title} className="tile">
                <span className="tile__icon">{ICONS[t.icon]}</span>
                <h3 className="tile__title">{t.title}</h3>
                <p className="tile__text">{t.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="home-section home-section--alt" aria-labelledby="features-title">
        <div className="container">
          <SectionHead id="features-title" eyebrow="What it does" title="Everything a monthly EVM report needs" />
          <ul className="tiles tiles--features">
            {FEATURE_CARDS.map((t) => (
              <li key={t.title} className="tile tile--card">
                <span className="tile__icon tile__icon--primary">{ICONS[t.icon]}</span>
                <h3 className="tile__title">{t.title}</h3>
                <p className="tile__text">{t.text}</p>
              </li>
            ))}
          </ul>
          <p className="home-section__more">
            <Link to="/features" className="btn btn-outline">
              See all features <ArrowRightIcon size={18} />
            </Link>
          </p>
        </div>
      </section>

      <section className="home-section" aria-labelledby="how-title">
        <div className="container">
          <SectionHead id="how-title" eyebrow="How It Works" title="Three steps from file to decision" />
          <ol className="steps">
            {HOW_IT_WORKS.map((s, i) => (
              <li key={s.title} className="step">
                <span className="step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="tile__icon tile__icon--primary">{ICONS[s.icon]}</span>
                <h3 className="step__title">{s.title}</h3>
                <p className="step__text">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="home-section home-section--band" aria-labelledby="counters-title">
        <div className="container">
          <h2 id="counters-title" className="sr-only">
            Earnest in numbers
          </h2>
          <Counters />
        </div>
      </section>

      <ProductTourSection />

      <section className="home-section home-section--alt" aria-labelledby="why-title">
        <div className="container">
          <SectionHead id="why-title" eyebrow="Why Earnest" title="Why project controls teams choose Earnest" />
          <ul className="why">
            {WHY_CHOOSE.map((w) => (
              <li key={w.title} className="why__item">
                <span className="why__check">{ICONS.check}</span>
                <div>
                  <h3 className="why__title">{w.title}</h3>
                  <p className="why__text">{w.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="button-row home-section__cta">
            <Link to="/pricing" className="btn btn-primary btn-lg">
              Start your free trial <ArrowRightIcon size={18} />
            </Link>
            <Link to="/contact" className="btn btn-outline btn-lg">
              Talk to us
            </Link>
          </div>
        </div>
      </section>

      <DemoDialog open={demoOpen} onClose={closeDemo} />
    </>
  );
}

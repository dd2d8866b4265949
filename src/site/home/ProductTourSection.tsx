import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Spinner } from '../../ui/Spinner';
import { useSeenOnce } from './hooks';
import { TOUR_TABS, type TourTabId } from './tourTabs';

// The engine, the sample project and the chart load only when the tour comes near the screen,
// so none of it is part of the home page's first download.
const TourPanel = lazy(() => import('./TourPanel'));

/** How far below the viewport the tour starts loading. */
const LOAD_MARGIN = '600px 0px';

/**
 * The product tour: tabs Dashboard, Analyser and Alerts over the built-in sample project. The tabs
 * follow the WAI-ARIA tabs pattern: one tab stop, arrow keys (and Home/End) move between tabs and
 * select them.
 */
export function ProductTourSection() {
  const [active, setActive] = useState<TourTabId>('dashboard');
  const [visited, setVisited] = useState<ReadonlySet<TourTabId>>(() => new Set(['dashboard']));
  const sectionRef = useRef<HTMLElement>(null);
  const tabRefs = useRef<Partial<Record<TourTabId, HTMLButtonElement | null>>>({});
  const load = useSeenOnce(sectionRef, LOAD_MARGIN);
  const uid = useId();
  const tabId = (t: TourTabId) => `${uid}-tab-${t}`;
  const panelId = (t: TourTabId) => `${uid}-panel-${t}`;

  const select = (t: TourTabId, focus = false) => {
    setActive(t);
    setVisited((v) => (v.has(t) ? v : new Set([...v, t])));
    if (focus) tabRefs.current[t]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TOUR_TABS.findIndex((t) => t.id === active);
    let next: number;
    switch (e.key) {
      case 'ArrowRight':
        next = (i + 1) % TOUR_TABS.length;
        break;
      case 'ArrowLeft':
        next = (i - 1 + TOUR_TABS.length) % TOUR_TABS.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = TOUR_TABS.length - 1;
        break;
      default:
        return;
    }
    e.preventDefault();
    select(TOUR_TABS[next].id, true);
  };

  return (
    <section ref={sectionRef} className="home-section tour" id="product-tour" aria-labelledby="tour-title">
      <div className="container">
        <div className="home-section__head">
          <p className="eyebrow">See it working</p>
          <h2 id="tour-title" className="home-section__title">
            Product Tour
          </h2>
          <p className="home-section__lead">
            A built-in sample project, a twelve-month rail viaduct with five control accounts and six months of status history, measured by the same
            engine that analyses your files. Every figure below is computed in your browser.
          </p>
        </div>
        <div className="tour__frame">
          <div className="tour__tabs" role="tablist" aria-label="Product tour" onKeyDown={onKeyDown}>
            {TOUR_TABS.map((t) => (
              <button
                key={t.id}
                ref={(el) => {
                  tabRefs.current[t.id] = el;
                }}
                type="button"
                role="tab"
                id={tabId(t.id)}
                aria-selected={active === t.id}
                aria-controls={panelId(t.id)}
                tabIndex={active === t.id ? 0 : -1}
                className="tour__tab"
                onClick={() => select(t.id)}
              >
                <span className="tour__tab-name">{t.name}</span>
                <span className="tour__tab-hint">{t.hint}</span>
              </button>
            ))}
          </div>
          {TOUR_TABS.map((t) => (
            <div
              key={t.id}
              role="tabpanel"
              id={panelId(t.id)}
              aria-labelledby={tabId(t.id)}
              hidden={active !== t.id}
              tabIndex={0}
              className="tour__panel"
              data-tour-panel={t.id}
            >
              {load && visited.has(t.id) ? (
                <Suspense fallback={<Spinner label="Loading the sample project..." />}>
                  <TourPanel tab={t.id} />
                </Suspense>
              ) : (
                <Spinner label="Loading the sample project..." />
              )}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

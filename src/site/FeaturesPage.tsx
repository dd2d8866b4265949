import { Link } from 'react-router';
import { ArrowRightIcon } from '../ui/Icons';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { FEATURE_GROUPS, type FeatureGroup } from './features/featureGroups';
import { ICONS, type IconName } from './home/HomeIcons';
import './features/features.css';

const GROUP_ICONS: Record<FeatureGroup['id'], IconName> = {
  ai: 'message',
  analytics: 'analyse',
  collaboration: 'team',
  financial: 'pound',
  automation: 'engineering',
  security: 'defence',
};

export default function FeaturesPage() {
  useDocumentTitle('Features');
  return (
    <>
      <PageHeader
        eyebrow="What Earnest does"
        title="Features"
        lead="Earned value management from the schedule files you already have: every standard measure, earned schedule, forecasts and a plain-English commentary, on your own device and shared with your team."
      />
      <nav className="container features-jump" aria-label="Feature groups">
        <ul>
          {FEATURE_GROUPS.map((g) => (
            <li key={g.id}>
              <a href={`#${g.id}`} className="chip">
                {g.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="container features">
        {FEATURE_GROUPS.map((g) => (
          <section key={g.id} id={g.id} className="feature-group" aria-labelledby={`${g.id}-title`}>
            <div className="feature-group__head">
              <span className="feature-group__icon">{ICONS[GROUP_ICONS[g.id]]}</span>
              <div>
                <h2 id={`${g.id}-title`} className="feature-group__title">
                  {g.name}
                </h2>
                <p className="feature-group__summary">{g.summary}</p>
              </div>
            </div>
            <ul className="feature-group__items">
              {g.items.map((item) => (
                <li key={item.title} className="feature-item">
                  <h3 className="feature-item__title">{item.title}</h3>
                  <p className="feature-item__text">{item.text}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <section className="container features-cta" aria-labelledby="features-cta-title">
        <div className="features-cta__inner">
          <div>
            <h2 id="features-cta-title" className="features-cta__title">
              Try it on your own schedule
            </h2>
            <p className="features-cta__text">Start a free trial with a P6, Microsoft Project or Excel file you already have. Larger teams and custom limits: talk to us.</p>
          </div>
          <div className="button-row">
            <Link to="/pricing" className="btn btn-primary btn-lg">
              Start Free Trial <ArrowRightIcon size={18} />
            </Link>
            <Link to="/contact" className="btn btn-outline btn-lg">
              Contact Sales
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

/**
 * The metric cards: a dense grid of compact cards (issue 14 "Overview"), each a figure of the
 * analysis with, when a rule watches it, its status (colour plus a written label, so colour is never
 * the only signal), a short context line and "show the math". A figure no rule watches has no
 * status at all: no badge saying so on every card.
 * Headings: a group is an h3 (the page gives the section its h2), a card an h4.
 */
import { useId, useMemo, type CSSProperties } from 'react';
import { eacViewOf } from '../../../core/insight/dashboard';
import type { AlertRule } from '../../../core/insight/rules';
import { CARD_GROUPS, STATUS_LABELS, metricCards, type MetricCardModel } from './cardModels';
import { NotAvailable } from './NotAvailable';
import { MathGroup, ShowMath } from './ShowMath';
import type { DashboardData } from './types';
import { formatContextOf, type FormatContext } from './valueFormat';
import './metricCards.css';

export interface MetricCardsProps {
  data: DashboardData;
  /** Alert rules that colour the cards (default: the default rules). */
  rules?: readonly AlertRule[];
}

export function MetricCards({ data, rules }: MetricCardsProps) {
  const { analysis } = data;
  const ctx = useMemo(() => formatContextOf(analysis), [analysis]);
  const eac = useMemo(() => eacViewOf(data), [data]);
  const cards = useMemo(() => metricCards(analysis, ctx, rules, eac), [analysis, ctx, rules, eac]);
  return (
    <MathGroup>
      <div className="metric-groups">
        {CARD_GROUPS.map((g) => {
          const inGroup = cards.filter((c) => c.group === g.id);
          if (inGroup.length === 0) return null;
          return (
            // A group is as wide as its cards ask, so small groups share a row (metricCards.css).
            <section key={g.id} className="metric-group" aria-label={g.title} style={{ '--cards': inGroup.length } as CSSProperties}>
              <h3 className="metric-group__title">{g.title}</h3>
              <ul className="metric-cards">
                {inGroup.map((card) => (
                  <li key={card.id}>
                    <MetricCard card={card} ctx={ctx} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </MathGroup>
  );
}

export function MetricCard({ card, ctx }: { card: MetricCardModel; ctx: FormatContext }) {
  const labelId = useId();
  return (
    <article className={`metric-card metric-card--${card.status}`} data-metric={card.id} data-status={card.status} aria-labelledby={labelId}>
      <div className="metric-card__head">
        <h4 id={labelId} className="metric-card__label">
          {card.label}
        </h4>
        {card.status !== 'neutral' ? (
          <span className={`status-badge status-badge--${card.status}`}>
            <span className="sr-only">Status: </span>
            {STATUS_LABELS[card.status]}
          </span>
        ) : null}
        <ShowMath label={card.label} computed={card.computed} kind={card.kind} ctx={ctx} note={card.note} alignEnd />
      </div>
      <p className="metric-card__name" title={card.name}>
        {card.name}
      </p>
      <p className="metric-card__value">{card.reason !== null ? <NotAvailable reason={card.reason} /> : card.text}</p>
      {card.extras.map((e) => (
        <p key={e.label} className="metric-card__extra">
          <span className="metric-card__extra-label">{e.label}</span>{' '}
          {e.computed.value === null ? <NotAvailable reason={e.computed.reason} /> : e.text}
          <ShowMath label={e.label} computed={e.computed} kind={e.kind} ctx={ctx} alignEnd />
        </p>
      ))}
      {card.detail ? (
        <p className="metric-card__detail" title={card.detail}>
          {card.detail}
        </p>
      ) : null}
    </article>
  );
}

/** What the dashboard's presentational components are given: results only, never raw files. */
import type { Analysis } from '../../../core/evm/types';
import type { Alert } from '../../../core/insight/alerts';
import type { Commentary } from '../../../core/insight/commentary';

export interface DashboardData {
  analysis: Analysis;
  alerts: Alert[];
  commentary: Commentary;
}

export type MeasureBasis = Analysis['measureBasis'];

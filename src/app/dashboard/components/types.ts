/** What the dashboard's presentational components are given: results only, never raw files. */
import type { Analysis } from '../../../core/evm/types';

/** The bundle is assembled in core (dashboardOf), where workers, the CLI and the tour build it. */
export type { DashboardData } from '../../../core/insight/dashboard';

export type MeasureBasis = Analysis['measureBasis'];

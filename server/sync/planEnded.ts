/**
 * Writes to a team whose plan has ended are refused (reads still work). The end is the one the
 * retention sweep counts its 90 days from (server/retention/planEnd.ts), so the two always agree:
 * a team the sweep treats as ended cannot be refilled by its members' devices.
 */
import type { RouterDeps } from '../routerDeps';
import { planEndedAt } from '../retention/planEnd';
import { getTeam } from '../teams/membership';
import { GatewayError, planEndedMessage } from './errors';

export async function refuseWritesAfterPlanEnd(deps: RouterDeps, teamId: string): Promise<void> {
  const team = await getTeam(deps.store, teamId);
  // No owner on record: the projects limit answers that case with its own message.
  if (!team) return;
  const endedAt = await planEndedAt(deps.store, team.owner_id, deps.now());
  if (endedAt !== null) throw new GatewayError(403, 'forbidden', planEndedMessage(endedAt));
}

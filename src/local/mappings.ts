/** Column mappings the user corrected, remembered per header layout for the next file like it (in the personal space). */
import type { AccountSession } from './account';
import type { DataApi } from './contracts';

export function mappingHandlers(session: AccountSession): Pick<DataApi, 'rememberMapping' | 'recallMapping'> {
  return {
    rememberMapping: (signature, corrections) => session.run(async () => (await session.home()).store.rememberMapping(signature, corrections)),
    recallMapping: (signature) => session.run(async () => (await session.home()).store.recallMapping(signature)),
  };
}

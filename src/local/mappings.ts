/** Column mappings the user corrected, remembered per header layout for the next file like it. */
import type { AccountSession } from './account';
import type { DataApi } from './contracts';

export function mappingHandlers(session: AccountSession): Pick<DataApi, 'rememberMapping' | 'recallMapping'> {
  return {
    async rememberMapping(signature, corrections) {
      await (await session.store()).rememberMapping(signature, corrections);
    },
    async recallMapping(signature) {
      return (await session.store()).recallMapping(signature);
    },
  };
}

/**
 * The error a computation on a schedule throws when its input, not the code, is at fault: a
 * calendar with impossible hours, a plan spanning more periods than any report can show, a
 * schedule with nothing to measure. Callers (the data worker, the CLI, the fuzz test) tell it from
 * a bug by its type and show its message as is: it says what is wrong, where, and what to do.
 *
 * It lives here, beside the model, because both calendar compilation and the EVM analysis throw
 * it; `src/core/evm` re-exports it as before.
 */
export class AnalysisInputError extends Error {
  override name = 'AnalysisInputError';
}

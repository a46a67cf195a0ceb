// The verdict's counts and line as the CI formats say them (github.ts, junit.ts, codequality.ts):
// taken from the verdict (src/gate/verdict.ts), never counted anew from what a format shows.
export { countsOf, verdictLine as verdictOf, type Counts as CheckCounts } from '../gate/verdict.js';

// wli completion <shell>: placeholder until the generators land.
import type { Result } from '../output/result.js';
import { UsageError } from '../api/errors.js';
import type { CommandInput } from './common.js';
export async function run({ args }: CommandInput): Promise<Result> {
  throw new UsageError(`completion for '${args[0]}' is not available yet`);
}

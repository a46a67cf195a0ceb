// wli config: placeholder until config files land.
import type { Result } from '../output/result.js';
import { UsageError } from '../api/errors.js';
import type { CommandInput } from './common.js';
export async function run(_: CommandInput): Promise<Result> {
  throw new UsageError('wli config is not available yet');
}

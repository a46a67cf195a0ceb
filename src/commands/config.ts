// wli config: placeholder until config files land.
import { UsageError } from '../api/errors.js';
import type { CommandInput } from './common.js';
export async function run(_: CommandInput) {
  throw new UsageError('wli config is not available yet');
}

// GitHub Actions workflow commands read back as the runner reads them (actions/runner, ActionCommand:
// a line starting with `::`, the command's name up to a space, `key=value` properties split at `,`,
// the message after the next `::`; values unescaped with %25 last, so an escaped `%0A` stays text).

export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  message: string;
}

const unescape = (value: string, property: boolean): string => {
  let v = value.replace(/%0D/g, '\r').replace(/%0A/g, '\n');
  if (property) v = v.replace(/%3A/g, ':').replace(/%2C/g, ',');
  return v.replace(/%25/g, '%');
};

/** One line; undefined when it is no workflow command (the runner prints it as it is). */
export function parseWorkflowCommand(line: string): WorkflowCommand | undefined {
  if (!line.startsWith('::')) return undefined;
  const end = line.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = line.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  const properties: Record<string, string> = {};
  if (space >= 0) {
    for (const pair of info.slice(space + 1).split(',')) {
      const eq = pair.indexOf('=');
      if (eq > 0) properties[pair.slice(0, eq)] = unescape(pair.slice(eq + 1), true);
    }
  }
  return { command, properties, message: unescape(line.slice(end + 2), false) };
}

/** Every line of stdout as a command; a line that is none fails the caller's expectation (undefined). */
export function parseWorkflowCommands(stdout: string): Array<WorkflowCommand | undefined> {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map(parseWorkflowCommand);
}

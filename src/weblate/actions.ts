// Weblate's change actions: code → English name, as weblate/trans/actions.py (ActionEvents) lists
// them (codes 0–104; servers list changes with `action` and `action_name`). --action takes a code, a
// name in any case ("Translation changed") or its kebab form (translation-changed). An older server
// that does not know a newer code answers 400, which is shown as a usage error with its words.
export const ACTIONS: ReadonlyArray<readonly [code: number, name: string]> = [
  [0, 'Resource updated'],
  [1, 'Translation completed'],
  [2, 'Translation changed'],
  [3, 'Comment added'],
  [4, 'Suggestion added'],
  [5, 'Translation added'],
  [6, 'Automatically translated'],
  [7, 'Suggestion accepted'],
  [8, 'Translation reverted'],
  [9, 'Translation uploaded'],
  [13, 'Source string added'],
  [14, 'Component locked'],
  [15, 'Component unlocked'],
  [17, 'Changes committed'],
  [18, 'Changes pushed'],
  [19, 'Repository reset'],
  [20, 'Repository merged'],
  [21, 'Repository rebased'],
  [22, 'Repository merge failed'],
  [23, 'Repository rebase failed'],
  [24, 'Parsing failed'],
  [25, 'Translation removed'],
  [26, 'Suggestion removed'],
  [27, 'Translation replaced'],
  [28, 'Repository push failed'],
  [29, 'Suggestion removed during cleanup'],
  [30, 'Source string changed'],
  [31, 'String added'],
  [32, 'Bulk status changed'],
  [33, 'Visibility changed'],
  [34, 'User added'],
  [35, 'User removed'],
  [36, 'Translation approved'],
  [37, 'Marked for edit'],
  [38, 'Component removed'],
  [39, 'Project removed'],
  [41, 'Project renamed'],
  [42, 'Component renamed'],
  [43, 'Moved component'],
  [45, 'Contributor joined'],
  [46, 'Announcement posted'],
  [47, 'Alert triggered'],
  [48, 'Language added'],
  [49, 'Language requested'],
  [50, 'Project created'],
  [51, 'Component created'],
  [52, 'User invited'],
  [53, 'Repository notification received'],
  [54, 'Translation replaced file by upload'],
  [55, 'License changed'],
  [56, 'Contributor license agreement changed'],
  [57, 'Screenshot added'],
  [58, 'Screenshot uploaded'],
  [59, 'String updated in the repository'],
  [60, 'Add-on installed'],
  [61, 'Add-on configuration changed'],
  [62, 'Add-on uninstalled'],
  [63, 'String removed'],
  [64, 'Comment removed'],
  [65, 'Comment resolved'],
  [66, 'Explanation updated'],
  [67, 'Category removed'],
  [68, 'Category renamed'],
  [69, 'Category moved'],
  [70, 'Saving string failed'],
  [71, 'String added in the repository'],
  [72, 'String updated in the upload'],
  [73, 'String added in the upload'],
  [74, 'Translation updated by source upload'],
  [75, 'Component translation completed'],
  [76, 'Applied enforced check'],
  [77, 'Propagated change'],
  [78, 'File uploaded'],
  [79, 'Extra flags updated'],
  [80, 'Font uploaded'],
  [81, 'Font changed'],
  [82, 'Font removed'],
  [83, 'Forced synchronization of translations'],
  [84, 'Forced rescan of translations'],
  [85, 'Screenshot removed'],
  [86, 'Label added'],
  [87, 'Label removed'],
  [88, 'Repository cleanup'],
  [89, 'Source string added in the upload'],
  [90, 'Source string added in the repository'],
  [91, 'Project backed up'],
  [92, 'Project restored'],
  [93, 'Component restored'],
  [94, 'User edit reverted'],
  [95, 'Project setting changed'],
  [96, 'Component setting changed'],
  [97, 'User access changed'],
  [98, 'Workspace created'],
  [99, 'Workspace setting changed'],
  [100, 'Project moved'],
  [101, 'Remote repository updated'],
  [102, 'Remote repository update failed'],
  [103, 'Alert dismissed'],
  [104, 'Alert reopened'],
];

/** "Add-on installed" → "add-on-installed". */
export const kebab = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The action code a --action value names (a code Weblate lists, a name, a kebab name), or undefined. */
export function actionCode(text: string): number | undefined {
  const t = text.trim();
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    return ACTIONS.some(([c]) => c === n) ? n : undefined;
  }
  const k = kebab(t);
  return ACTIONS.find(([, name]) => kebab(name) === k)?.[0];
}

/** Every kebab name, for help, the man page and completion. */
export const ACTION_KEBABS: readonly string[] = ACTIONS.map(([, name]) => kebab(name));

// Weblate's history: where each scope keeps its changes, and what a Change object holds.
import { componentPath, projectPath, translationPath, type Target } from './target.js';

/** The fields of a Change object (Weblate's ChangeSerializer): the CSV header of an empty list. */
export const CHANGE_FIELDS = ['unit', 'component', 'translation', 'user', 'author', 'timestamp', 'action', 'target', 'id', 'action_name', 'url'];

/** Every scope has its history: the server's, a project's, a component's, a translation's. */
export function changesPath(t: Target): string {
  switch (t.kind) {
    case 'server':
      return 'changes/';
    case 'project':
      return projectPath(t.project) + 'changes/';
    case 'component':
      return componentPath(t) + 'changes/';
    case 'translation':
      return translationPath(t) + 'changes/';
    case 'language':
      throw new Error('changes of a language: not a target of changes');
  }
}

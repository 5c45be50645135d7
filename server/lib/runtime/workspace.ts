import { plfileUrl } from '../protocol';

/**
 * Workspace questions (info.json `workspaceOptions`). PrairieLearn starts a container per variant; the
 * preview cannot, so pl-workspace gets this placeholder address and says so on the page.
 */
export const WORKSPACE_PREVIEW_URL = plfileUrl('workspace');

export interface WorkspaceOptions {
  image: string;
  gradedFiles: string[];
}

export function readWorkspaceOptions(info: Record<string, unknown>): WorkspaceOptions | undefined {
  const ws = info.workspaceOptions;
  if (!ws || typeof ws !== 'object' || Array.isArray(ws)) return undefined;
  const { image, gradedFiles } = ws as Record<string, unknown>;
  if (typeof image !== 'string') return undefined;
  return { image, gradedFiles: Array.isArray(gradedFiles) ? gradedFiles.filter((f): f is string => typeof f === 'string') : [] };
}

/**
 * Whether a graded file name is a glob, so optional in PrairieLearn: its test is fast-glob's
 * isDynamicPattern with PrairieLearn's workspace options (extglob and brace expansion off), so
 * `{a,b}.c` and `@(x).c` are plain names there. A backslash, `*`, `?`, a leading `!`, a character
 * class or an alternation group make a pattern.
 */
export function isGlobPattern(name: string): boolean {
  if (name === '') return false;
  return /\\|[*?]|^!|\[[^[]*\]|(?:^|[^!*+?@])\([^(]*\|[^|]*\)/.test(name);
}

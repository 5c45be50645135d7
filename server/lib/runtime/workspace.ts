import type { JsonObject } from '../protocol/questionRuntime';
import { PLFILE } from './urls';

/**
 * Workspace questions (info.json `workspaceOptions`). PrairieLearn starts a container per variant; the
 * preview cannot, so pl-workspace gets this placeholder address and says so on the page.
 */
export const WORKSPACE_PREVIEW_URL = `${PLFILE}workspace`;

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

/** A glob (fast-glob's dynamic patterns); such graded files are optional in PrairieLearn. */
export function isGlobPattern(name: string): boolean {
  return /[*?]|\[[^\]]*\]|\{[^}]*[,.][^}]*\}|[@!+]\(/.test(name) || name.startsWith('!');
}

/**
 * What PrairieLearn adds to a workspace variant's params between generate and prepare: the graded
 * files without wildcards are required, in `_workspace_required_file_names` and `_required_file_names`.
 */
export function addWorkspaceParams(workspace: WorkspaceOptions | undefined, params: JsonObject): void {
  if (!workspace) return;
  const required = workspace.gradedFiles.filter((f) => !isGlobPattern(f));
  params._workspace_required_file_names = required;
  const existing = Array.isArray(params._required_file_names) ? params._required_file_names : [];
  params._required_file_names = [...existing, ...required];
}

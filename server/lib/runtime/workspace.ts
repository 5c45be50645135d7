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

import type { Severity, SeverityOverrides } from '../../lib/course/diagnostic';

/** The server's settings: the `prairielearn` configuration section, with defaults filled in. */
export interface ServerSettings {
  /** Check every course file (true) or only the files open in the editor. */
  workspace: boolean;
  /** Quiet time after an edit before re-checking. */
  debounceMs: number;
  severities: SeverityOverrides;
}

export const DEFAULT_SETTINGS: ServerSettings = { workspace: true, debounceMs: 200, severities: {} };

const SEVERITIES = new Set<Severity | 'off'>(['error', 'warning', 'information', 'hint', 'off']);

/**
 * Reads settings shaped like the `prairielearn` section ({validation: {workspace, debounceMs},
 * diagnostics: {severity}}), from the client's configuration or initializationOptions. Values of the
 * wrong type are ignored rather than trusted.
 */
export function readSettings(raw: unknown, base: ServerSettings = DEFAULT_SETTINGS): ServerSettings {
  const section = (raw && typeof raw === 'object' ? raw : {}) as {
    validation?: { workspace?: unknown; debounceMs?: unknown };
    diagnostics?: { severity?: unknown };
  };
  const out: ServerSettings = { ...base, severities: { ...base.severities } };
  const { workspace, debounceMs } = section.validation ?? {};
  if (typeof workspace === 'boolean') out.workspace = workspace;
  if (typeof debounceMs === 'number' && Number.isFinite(debounceMs) && debounceMs >= 0) out.debounceMs = debounceMs;
  const severity = section.diagnostics?.severity;
  if (severity && typeof severity === 'object') {
    out.severities = {};
    for (const [code, value] of Object.entries(severity)) {
      if (SEVERITIES.has(value as Severity)) out.severities[code] = value as Severity | 'off';
    }
  }
  return out;
}

import type { Severity, SeverityOverrides } from '../../lib/course';

/** The server's settings: the `prairielearn` configuration section, with defaults filled in. */
export interface ServerSettings {
  /** Check every course file (true) or only the files open in the editor. */
  workspace: boolean;
  /** Quiet time after an edit before re-checking. */
  debounceMs: number;
  severities: SeverityOverrides;
  /** The container engine for externally graded questions the built-in grader does not run. */
  containerEngine: ContainerEngineSetting;
}

export type ContainerEngineSetting = 'auto' | 'docker' | 'podman' | 'off';
const ENGINES = new Set<ContainerEngineSetting>(['auto', 'docker', 'podman', 'off']);

export const DEFAULT_SETTINGS: ServerSettings = { workspace: true, debounceMs: 200, severities: {}, containerEngine: 'auto' };

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
    externalGrading?: { engine?: unknown };
  };
  const out: ServerSettings = { ...base, severities: { ...base.severities } };
  const { workspace, debounceMs } = section.validation ?? {};
  if (typeof workspace === 'boolean') out.workspace = workspace;
  if (typeof debounceMs === 'number' && Number.isFinite(debounceMs) && debounceMs >= 0) out.debounceMs = debounceMs;
  const engine = section.externalGrading?.engine;
  if (ENGINES.has(engine as ContainerEngineSetting)) out.containerEngine = engine as ContainerEngineSetting;
  const severity = section.diagnostics?.severity;
  if (severity && typeof severity === 'object') {
    out.severities = {};
    for (const [code, value] of Object.entries(severity)) {
      if (SEVERITIES.has(value as Severity)) out.severities[code] = value as Severity | 'off';
    }
  }
  return out;
}

import * as nodePath from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeInfo, Severity } from '../../lib/course';
import type { CheckResult, Span } from './runCheck';

export interface SarifTool {
  name: string;
  version: string;
  informationUri: string;
}

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/**
 * SARIF 2.1.0 as GitHub code scanning reads it: one run, a rule per diagnostic code, and
 * locations relative to the scanned folder (named by a uriBaseId that says where it is).
 */
export function formatSarif(result: CheckResult, codes: Map<string, CodeInfo>, tool: SarifTool): string {
  const ruleIds = [...codes.keys()];
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const baseIds = new Map<string, string>();
  for (const c of result.courses) {
    if (!baseIds.has(c.scannedFolder)) baseIds.set(c.scannedFolder, baseIds.size === 0 ? 'SRCROOT' : `SRCROOT${baseIds.size}`);
  }
  const location = (s: Span, folder: string) => ({
    physicalLocation: {
      artifactLocation: { uri: relativeUri(folder, s.file), uriBaseId: baseIds.get(folder) },
      region: { startLine: s.line, startColumn: s.column, endLine: s.endLine, endColumn: s.endColumn },
    },
  });
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            informationUri: tool.informationUri,
            rules: ruleIds.map((id) => {
              const info = codes.get(id)!;
              return {
                id,
                name: id,
                shortDescription: { text: info.description },
                defaultConfiguration: { level: LEVEL[info.severity] },
              };
            }),
          },
        },
        originalUriBaseIds: Object.fromEntries([...baseIds].map(([folder, id]) => [id, { uri: folderUri(folder) }])),
        results: result.problems.map((p) => ({
          ruleId: p.code,
          ...(ruleIndex.has(p.code) ? { ruleIndex: ruleIndex.get(p.code) } : {}),
          level: LEVEL[p.severity],
          message: { text: p.message },
          locations: [location(p, p.scannedFolder)],
          ...(p.related.length > 0
            ? { relatedLocations: p.related.map((r, id) => ({ id, ...location(r, p.scannedFolder), message: { text: r.message } })) }
            : {}),
        })),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}

function relativeUri(folder: string, file: string): string {
  const rel = nodePath.relative(folder, file).split(nodePath.sep).join('/');
  return rel.split('/').map(encodeURIComponent).join('/');
}

function folderUri(folder: string): string {
  const uri = pathToFileURL(folder).href;
  return uri.endsWith('/') ? uri : uri + '/';
}

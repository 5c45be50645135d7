// The reference server's ready message (server/lib/protocol/referenceServerReady.ts), checked as it arrives
// over the IPC channel: it crosses a process boundary, so its shape is checked rather than assumed.
import type { ReferenceServerReady, ReferenceServerSamples } from '../../../server/lib/protocol';

const READY: ReferenceServerReady['type'] = 'prairielearn.referenceServer.ready';

/** The message if it is a well-formed ready message; undefined for anything else the child sends. */
export function readyMessage(message: unknown): ReferenceServerReady | undefined {
  if (!message || typeof message !== 'object') return undefined;
  const m = message as Partial<Record<keyof ReferenceServerReady, unknown>>;
  if (m.type !== READY || typeof m.serverUrl !== 'string' || !/^https?:\/\//.test(m.serverUrl)) return undefined;
  if (m.token !== null && typeof m.token !== 'string') return undefined;
  if (typeof m.courseId !== 'string' || !Array.isArray(m.courseInstances)) return undefined;
  if (!(m.courseInstances as unknown[]).every(isCourseInstance)) return undefined;
  return message as ReferenceServerReady;
}

function isCourseInstance(value: unknown): boolean {
  const ci = value as { id?: unknown; shortName?: unknown } | null;
  return !!ci && typeof ci === 'object' && typeof ci.id === 'string' && typeof ci.shortName === 'string';
}

/** The sample-answer progress message if `message` is a well-formed one. */
export function samplesMessage(message: unknown): ReferenceServerSamples | undefined {
  const m = message as Partial<Record<keyof ReferenceServerSamples, unknown>> | null;
  if (!m || typeof m !== 'object' || m.type !== 'prairielearn.referenceServer.samples') return undefined;
  if (typeof m.done !== 'number' || typeof m.total !== 'number' || typeof m.without !== 'number' || typeof m.finished !== 'boolean') return undefined;
  if (m.problem !== undefined && typeof m.problem !== 'string') return undefined;
  if (m.stage !== undefined && m.stage !== 'submissions') return undefined;
  return message as ReferenceServerSamples;
}

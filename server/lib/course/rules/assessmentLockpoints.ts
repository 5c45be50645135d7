import type { FileRule } from './rule';
import type { InfoAssessmentZone } from '../schemaTypes';

/** Lockpoints separate zones, so the first zone cannot have one, and a lockpoint zone needs questions. */
export const assessmentLockpoints: FileRule<'assessment'> = {
  name: 'assessmentLockpoints',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'first-zone-lockpoint': { severity: 'error', description: 'The first zone has "lockpoint": true.' },
    'empty-lockpoint-zone': { severity: 'error', description: 'A lockpoint zone has "numberChoose": 0.' },
  },
  check(entry, data, ctx) {
    const zones: InfoAssessmentZone[] = data.zones ?? [];
    if (zones[0]?.lockpoint) {
      ctx.report(entry, {
        code: 'first-zone-lockpoint',
        path: ['zones', 0, 'lockpoint'],
        message: 'The first zone cannot have lockpoint: true. Remove the lockpoint or put a zone before it.',
      });
    }
    zones.forEach((zone, i) => {
      if (zone.lockpoint && zone.numberChoose === 0) {
        ctx.report(entry, {
          code: 'empty-lockpoint-zone',
          path: ['zones', i, 'numberChoose'],
          message: 'A lockpoint zone must include at least one selectable question. Raise "numberChoose" above 0.',
        });
      }
    });
  },
};

import assert from 'node:assert/strict';

import type { FieldList, FieldType } from '../../../../server/lib/protocol/apiFields';

// Every endpoint's keys in PrairieLearn's order with their JSON types: the one definition the reference server
// and the extension share (server/lib/protocol/apiFields.ts, described in docs/reference/instructorApi.md).
export {
  ASSESSMENT,
  ASSESSMENT_ACCESS_RULE,
  ASSESSMENT_INSTANCE,
  CLIENT_FINGERPRINT_KEYS,
  COURSE_INSTANCE_ACCESS_RULE,
  COURSE_INSTANCE_INFO,
  GRADEBOOK_CELL,
  GRADEBOOK_USER,
  INSTANCE_QUESTION,
  LOG_EVENT,
  SUBMISSION,
  SYNC_START,
  SYNC_STATUS,
} from '../../../../server/lib/protocol/apiFields';
export type { FieldType };
export type Shape = FieldList;

const DATE1 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const DATE2 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DATE3 = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \([^)]+\)$/;

function typeMatches(type: FieldType, v: unknown): boolean {
  switch (type) {
    case 'id':
      return typeof v === 'string' && /^[1-9]\d*$/.test(v);
    case 'str':
      return typeof v === 'string';
    case 'int':
      return Number.isInteger(v);
    case 'num':
      return typeof v === 'number' && Number.isFinite(v);
    case 'bool':
      return typeof v === 'boolean';
    case 'strs':
      return Array.isArray(v) && v.every((s) => typeof s === 'string');
    case 'obj':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'arr':
      return Array.isArray(v);
    case 'date1':
      return typeof v === 'string' && DATE1.test(v);
    case 'date2':
      return typeof v === 'string' && DATE2.test(v);
    case 'date3':
      return typeof v === 'string' && DATE3.test(v);
    case 'null':
      return v === null;
  }
}

/** Asserts the exact keys in order and each value's type. */
export function assertShape(obj: unknown, shape: Shape, what: string): void {
  assert.ok(obj && typeof obj === 'object' && !Array.isArray(obj), `${what}: not an object`);
  assert.deepEqual(Object.keys(obj as object), shape.map(([k]) => k), `${what}: keys or their order differ`);
  for (const [key, spec] of shape) {
    const nullable = spec.endsWith('?');
    const type = spec.replace('?', '') as FieldType;
    const v = (obj as Record<string, unknown>)[key];
    if (nullable && v === null) continue;
    assert.ok(typeMatches(type, v), `${what}.${key}: ${JSON.stringify(v)} is not ${spec}`);
  }
}

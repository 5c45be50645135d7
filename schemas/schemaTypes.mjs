// TypeScript types of the four info files, made from their JSON Schemas (the checker's rules take them:
// a rule gets an entry's data only after it passed its schema). build.mjs writes the result to
// server/lib/course/schemaTypes.ts when it differs; test/schemas/schemaTypes.test.ts fails when the
// committed file is not what the schemas make. Only the parts of JSON Schema these files use are read;
// anything else becomes `unknown`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The info files: the schema's file name and the name of its type. */
export const SCHEMA_TYPES = [
  ['infoCourse', 'InfoCourseData'],
  ['infoCourseInstance', 'InfoCourseInstanceData'],
  ['infoAssessment', 'InfoAssessmentData'],
  ['infoQuestion', 'InfoQuestionData'],
];

const SCALARS = { string: 'string', number: 'number', integer: 'number', boolean: 'boolean', null: 'null' };
const propertyKey = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** The type of `schema`; `ref` names a definition of the file it is in. */
function typeOf(schema, ref, indent) {
  if (schema === true || schema === undefined) return 'unknown';
  if (schema === false) return 'never';
  if (schema.$ref) return ref(schema.$ref);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map((s) => wrap(typeOf(s, ref, indent))).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.properties ? objectType(schema, ref, indent) : 'unknown';
  return types
    .map((t) => {
      if (t === 'array') return `${wrap(typeOf(schema.items, ref, indent))}[]`;
      if (t === 'object') return objectType(schema, ref, indent);
      return SCALARS[t] ?? 'unknown';
    })
    .join(' | ');
}

const wrap = (t) => (/[|&]/.test(t) ? `(${t})` : t);

function objectType(schema, ref, indent) {
  const pad = '  '.repeat(indent + 1);
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(([name, s]) => {
    const doc = typeof s.description === 'string' ? `${pad}/** ${s.description.replace(/\*\//g, '* /').replace(/\s+/g, ' ')} */\n` : '';
    return `${doc}${pad}${propertyKey(name)}${required.has(name) ? '' : '?'}: ${typeOf(s, ref, indent + 1)};`;
  });
  const extra = schema.additionalProperties;
  if (extra !== false && extra !== undefined) lines.push(`${pad}[key: string]: ${extra === true ? 'unknown' : `${typeOf(extra, ref, indent + 1)} | undefined`};`);
  else if (extra === undefined) lines.push(`${pad}[key: string]: unknown;`);
  return lines.length ? `{\n${lines.join('\n')}\n${'  '.repeat(indent)}}` : 'Record<string, never>';
}

/** The whole module: one exported type per info file, its definitions beside it with the file's name before theirs. */
export function schemaTypesSource(schemasDir) {
  const out = [
    '// Made by schemas/schemaTypes.mjs from schemas/*.json (build.mjs writes it); do not edit. Over 400 lines: one',
    '// type per property of the four info files, as their schemas define them.',
    '/* eslint-disable */',
    '',
  ];
  for (const [file, typeName] of SCHEMA_TYPES) {
    const schema = JSON.parse(readFileSync(join(schemasDir, `${file}.json`), 'utf8'));
    const prefix = typeName.replace(/Data$/, '');
    const ref = (r) => {
      const m = /^#\/definitions\/(\w+)$/.exec(r);
      if (!m) return 'unknown';
      return `${prefix}${m[1]}`;
    };
    for (const [name, def] of Object.entries(schema.definitions ?? {})) {
      if (typeof def.description === 'string') out.push(`/** ${def.description.replace(/\*\//g, '* /').replace(/\s+/g, ' ')} */`);
      out.push(`export type ${prefix}${name} = ${typeOf(def, ref, 0)};`, '');
    }
    out.push(`/** ${schema.title ?? file}: an info file's data once it passed its schema. */`);
    out.push(`export type ${typeName} = ${typeOf(schema, ref, 0)};`, '');
  }
  return out.join('\n');
}

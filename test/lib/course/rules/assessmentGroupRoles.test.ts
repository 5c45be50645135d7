import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAssessment, homework, lineOf, withCodes } from './assessmentFixtures';

const CODES = [
  'group-roles-no-assigner',
  'group-role-unknown',
  'group-role-min-above-group-min',
  'group-role-min-above-group-max',
  'group-role-max-above-group-max',
  'group-role-min-above-max',
];

test('"groups" roles: no assigner, bad limits and unknown role names', () => {
  const assessment = homework({
    groups: {
      minMembers: 1,
      maxMembers: 3,
      roles: [
        { name: 'Recorder', minMembers: 2, maxMembers: 5 },
        { name: 'Skeptic', minMembers: 4, maxMembers: 1 },
      ],
      rolePermissions: { canAssignRoles: ['Manager'], canView: ['Recorder'] },
    },
    zones: [{ canSubmit: ['Reflector'], questions: [{ id: 'q1', points: 1, canView: ['Ghost'] }] }],
  });
  const found = withCodes(checkAssessment(assessment), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['group-roles-no-assigner', 'error', lineOf(assessment, '"roles"'), '"roles"'],
      ['group-role-unknown', 'error', lineOf(assessment, '"Manager"'), '"Manager"'],
      ['group-role-min-above-group-min', 'warning', lineOf(assessment, '"minMembers": 2'), '2'],
      ['group-role-max-above-group-max', 'error', lineOf(assessment, '"maxMembers": 5'), '5'],
      ['group-role-min-above-group-min', 'warning', lineOf(assessment, '"minMembers": 4'), '4'],
      ['group-role-min-above-group-max', 'error', lineOf(assessment, '"minMembers": 4'), '4'],
      ['group-role-min-above-max', 'error', lineOf(assessment, '"minMembers": 4'), '4'],
      ['group-role-unknown', 'error', lineOf(assessment, '"Reflector"'), '"Reflector"'],
      ['group-role-unknown', 'error', lineOf(assessment, '"Ghost"'), '"Ghost"'],
    ],
  );
  assert.match(found[0].message, /^Could not find a role with minMembers >= 1 that can assign roles\./);
  assert.match(found[1].message, /^The "groups\.rolePermissions\.canAssignRoles" permission contains non-existent role "Manager"\./);
  assert.equal(found[2].message, 'Role "Recorder" has a minMembers greater than the group\'s minMembers.');
  assert.equal(found[3].message, 'Role "Recorder" contains an invalid maxMembers. (Expected at most 3, found 5).');
  assert.equal(found[5].message, 'Role "Skeptic" contains an invalid minMembers. (Expected at most 3, found 4).');
  assert.equal(found[6].message, 'Role "Skeptic" must have minMembers <= maxMembers. (Expected minMembers <= 1, found minMembers = 4).');
  assert.match(found[7].message, /^The zone's "canSubmit" permission contains non-existent role "Reflector"\./);
  assert.match(found[8].message, /^The zone question's "canView" permission contains non-existent role "Ghost"\./);
});

test('legacy group roles are checked with legacy wording when "groupWork" is true', () => {
  const assessment = homework({
    groupWork: true,
    groupMaxSize: 4,
    groupRoles: [{ name: 'Manager', minimum: 1, canAssignRoles: true }],
    canView: ['Observer'],
  });
  const found = withCodes(checkAssessment(assessment), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.line, d.text, d.message]),
    [
      [
        'group-role-unknown',
        lineOf(assessment, '"Observer"'),
        '"Observer"',
        'The assessment\'s "canView" permission contains non-existent role "Observer". Define the role or remove the name.',
      ],
    ],
  );
});

test('consistent roles, legacy roles without "groupWork", and groups without roles give nothing', () => {
  const good = homework({
    groups: {
      minMembers: 2,
      maxMembers: 4,
      roles: [{ name: 'Manager', minMembers: 1, maxMembers: 1 }, { name: 'Recorder' }],
      rolePermissions: { canAssignRoles: ['Manager'], canView: ['Manager', 'Recorder'] },
    },
    zones: [{ canSubmit: ['Recorder'], questions: [{ id: 'q1', points: 1, canView: ['Manager'] }] }],
  });
  assert.deepEqual(withCodes(checkAssessment(good), CODES), []);
  const legacyOff = homework({ groupRoles: [{ name: 'Manager' }], canView: ['Nobody'] });
  assert.deepEqual(withCodes(checkAssessment(legacyOff), CODES), []);
  const noRoles = homework({ groups: { rolePermissions: { canView: ['Nobody'] } } });
  assert.deepEqual(withCodes(checkAssessment(noRoles), CODES), []);
});

import type { JsonPath } from '../jsonFile';
import type { FileRule, InfoData, RuleContext } from './rule';
import type { InfoEntry } from '../course';

interface Role {
  name: string;
  minMembers: number;
  maxMembers?: number;
  /** Where the role's limits are written. */
  minPath: JsonPath;
  maxPath: JsonPath;
}

/** `groups`, or the legacy group properties converted to it, as PrairieLearn validates them. */
interface GroupConfig {
  legacy: boolean;
  minMembers?: number;
  maxMembers?: number;
  roles: Role[];
  rolesPath: JsonPath;
  /** Assessment-level permissions, with the path of each role name in them. */
  permissions: { perm: 'canAssignRoles' | 'canView' | 'canSubmit'; name: string; path: JsonPath }[];
}

/** Group roles: someone must be able to assign roles, limits must fit, and permissions must name roles. */
export const assessmentGroupRoles: FileRule<'assessment'> = {
  name: 'assessmentGroupRoles',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'group-roles-no-assigner': {
      severity: 'error',
      description: 'No group role with at least one member can assign roles.',
    },
    'group-role-unknown': { severity: 'error', description: 'A permission names a group role that is not defined.' },
    'group-role-min-above-group-min': {
      severity: 'warning',
      description: 'A role needs more members than the group\'s minimum size.',
    },
    'group-role-min-above-group-max': {
      severity: 'error',
      description: 'A role needs more members than the group\'s maximum size.',
    },
    'group-role-max-above-group-max': {
      severity: 'error',
      description: 'A role allows more members than the group\'s maximum size.',
    },
    'group-role-min-above-max': { severity: 'error', description: 'A role\'s minimum is above its maximum.' },
  },
  check(entry, data, ctx) {
    const config = groupConfig(data);
    if (!config || config.roles.length === 0) return;
    const roleNames = new Set(config.roles.map((r) => r.name));
    const assigners = new Set(config.permissions.filter((p) => p.perm === 'canAssignRoles').map((p) => p.name));
    if (!config.roles.some((r) => assigners.has(r.name) && r.minMembers >= 1)) {
      ctx.report(entry, {
        code: 'group-roles-no-assigner',
        path: config.rolesPath,
        part: 'key',
        message: config.legacy
          ? 'Could not find a role with minMembers >= 1 that can assign roles. Give one role "minimum": 1 and "canAssignRoles": true.'
          : 'Could not find a role with minMembers >= 1 that can assign roles. Give one role "minMembers": 1 and list it in "groups.rolePermissions.canAssignRoles".',
      });
    }
    for (const p of config.permissions) {
      if (roleNames.has(p.name)) continue;
      const where = config.legacy
        ? p.perm === 'canAssignRoles'
          ? '"canAssignRoles"'
          : `The assessment's "${p.perm}" permission`
        : `The "groups.rolePermissions.${p.perm}" permission`;
      reportUnknown(ctx, entry, `${where} contains non-existent role "${p.name}".`, p.path);
    }
    for (const role of config.roles) {
      if (config.minMembers != null && role.minMembers > config.minMembers) {
        ctx.report(entry, {
          code: 'group-role-min-above-group-min',
          path: role.minPath,
          message: `Role "${role.name}" has a minMembers greater than the group's minMembers.`,
        });
      }
      if (config.maxMembers != null && role.minMembers > config.maxMembers) {
        ctx.report(entry, {
          code: 'group-role-min-above-group-max',
          path: role.minPath,
          message: `Role "${role.name}" contains an invalid minMembers. (Expected at most ${config.maxMembers}, found ${role.minMembers}).`,
        });
      }
      if (role.maxMembers != null && config.maxMembers != null && role.maxMembers > config.maxMembers) {
        ctx.report(entry, {
          code: 'group-role-max-above-group-max',
          path: role.maxPath,
          message: `Role "${role.name}" contains an invalid maxMembers. (Expected at most ${config.maxMembers}, found ${role.maxMembers}).`,
        });
      }
      if (role.maxMembers != null && role.minMembers > role.maxMembers) {
        ctx.report(entry, {
          code: 'group-role-min-above-max',
          path: role.minPath,
          message: `Role "${role.name}" must have minMembers <= maxMembers. (Expected minMembers <= ${role.maxMembers}, found minMembers = ${role.minMembers}).`,
        });
      }
    }
    // Zones and zone questions (alternatives have no permissions of their own).
    (data.zones ?? []).forEach((zone, z) => {
      checkArea(ctx, entry, roleNames, zone, ['zones', z], 'zone');
      (zone.questions ?? []).forEach((question, q) => {
        checkArea(ctx, entry, roleNames, question, ['zones', z, 'questions', q], 'zone question');
      });
    });
  },
};

function checkArea(ctx: RuleContext, entry: InfoEntry, roleNames: Set<string>, node: { canView?: string[]; canSubmit?: string[] }, path: JsonPath, area: string): void {
  for (const perm of ['canView', 'canSubmit'] as const) {
    (node[perm] ?? []).forEach((name, i) => {
      if (!roleNames.has(name)) {
        reportUnknown(ctx, entry, `The ${area}'s "${perm}" permission contains non-existent role "${name}".`, [...path, perm, i]);
      }
    });
  }
}

function reportUnknown(ctx: RuleContext, entry: InfoEntry, message: string, path: JsonPath): void {
  ctx.report(entry, { code: 'group-role-unknown', path, message: `${message} Define the role or remove the name.` });
}

/** PrairieLearn checks `groups` when present, else the legacy properties when "groupWork" is true. */
function groupConfig(data: InfoData['assessment']): GroupConfig | undefined {
  if (data.groups != null) {
    const g = data.groups;
    const perms = g.rolePermissions ?? {};
    return {
      legacy: false,
      minMembers: g.minMembers ?? undefined,
      maxMembers: g.maxMembers ?? undefined,
      rolesPath: ['groups', 'roles'],
      roles: (g.roles ?? []).map((r, i) => ({
        name: r.name,
        minMembers: r.minMembers ?? 0,
        maxMembers: r.maxMembers ?? undefined,
        minPath: ['groups', 'roles', i, 'minMembers'],
        maxPath: ['groups', 'roles', i, 'maxMembers'],
      })),
      permissions: (['canAssignRoles', 'canView', 'canSubmit'] as const).flatMap((perm) =>
        (perms[perm] ?? []).map((name, i) => ({ perm, name, path: ['groups', 'rolePermissions', perm, i] })),
      ),
    };
  }
  if (data.groupWork !== true) return undefined;
  const roles = data.groupRoles ?? [];
  return {
    legacy: true,
    minMembers: data.groupMinSize ?? undefined,
    maxMembers: data.groupMaxSize ?? undefined,
    rolesPath: ['groupRoles'],
    roles: roles.map((r, i) => ({
      name: r.name,
      minMembers: r.minimum ?? 0,
      maxMembers: r.maximum ?? undefined,
      minPath: ['groupRoles', i, 'minimum'],
      maxPath: ['groupRoles', i, 'maximum'],
    })),
    permissions: [
      ...roles.flatMap((r, i) => (r.canAssignRoles ? [{ perm: 'canAssignRoles' as const, name: r.name, path: ['groupRoles', i, 'name'] }] : [])),
      ...(['canView', 'canSubmit'] as const).flatMap((perm) =>
        (data[perm] ?? []).map((name: string, i: number) => ({ perm, name, path: [perm, i] })),
      ),
    ],
  };
}

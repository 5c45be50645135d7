import type { InfoEntry } from '../course';
import type { CourseRule, IncrementalCheck, Report, RuleContext } from './rule';

/**
 * The same UUID on two questions, two course instances, or two assessments of one course
 * instance. PrairieLearn warns on each and then matches those entities by path instead.
 */
export const duplicateUuids: CourseRule = {
  name: 'duplicateUuids',
  scope: 'course',
  codes: {
    'duplicate-uuid': { severity: 'warning', description: 'Two entities of one kind share a UUID.' },
  },
  incremental: () => new UuidIndex(),
  check(ctx) {
    new UuidIndex().update(ctx, []);
  },
};

/** Entities whose UUIDs must differ: the questions, the course instances, or one course instance's assessments. */
interface Scope {
  /** Where its problems come in the report: questions, then course instances, then each course instance's assessments. */
  rank: number;
  noun: string;
  /** The entry with each UUID, or the group of entries when there are two or more (few: one object per UUID would cost memory in a large course). */
  byUuid: Map<string, InfoEntry | Group>;
}

/** Two or more entries of a scope with one UUID, in course order, and their reports. */
interface Group {
  scope: Scope;
  uuid: string;
  members: InfoEntry[];
  reports: [InfoEntry, Report][];
}

const isGroup = (value: InfoEntry | Group): value is Group => 'members' in value;

/**
 * Entries by UUID, kept between checks: an edit moves the edited entries between groups and
 * rebuilds the reports of the groups they left or joined; the others keep theirs.
 */
class UuidIndex implements IncrementalCheck {
  private places: Map<InfoEntry, { scope: Scope; position: number; uuid?: string }> | undefined;
  /** Groups with reports. */
  private readonly shared = new Set<Group>();
  /** `shared` in report order, until it changes. */
  private ordered: Group[] | undefined;

  update(ctx: RuleContext, changed: Iterable<InfoEntry>): void {
    const touched = new Set<Group>();
    if (!this.places) {
      this.places = new Map();
      this.indexCourse(ctx, touched);
    } else {
      for (const entry of changed) {
        const place = this.places.get(entry);
        if (!place) continue; // infoCourse.json
        const uuid = ctx.uuidOf(entry);
        if (place.uuid !== undefined) {
          const held = place.scope.byUuid.get(place.uuid)!;
          if (isGroup(held)) {
            // Its reports point into the entry's file: rebuilt also when the UUID stayed.
            touched.add(held);
            if (uuid !== place.uuid) held.members.splice(held.members.indexOf(entry), 1);
          } else if (uuid !== place.uuid) place.scope.byUuid.delete(place.uuid);
        }
        if (uuid !== undefined && uuid !== place.uuid) {
          const group = this.insert(place.scope, uuid, entry, place.position);
          if (group) touched.add(group);
        }
        place.uuid = uuid;
      }
    }
    for (const group of touched) {
      if (group.members.length >= 2) {
        group.reports = group.members.map((entry) => [entry, duplicateReport(ctx, entry, group.members, group.scope.noun)]);
        this.shared.add(group);
      } else {
        this.shared.delete(group);
        if (group.members.length === 1) group.scope.byUuid.set(group.uuid, group.members[0]);
        else group.scope.byUuid.delete(group.uuid);
      }
      // Its place in the order (by its second entry) may have changed.
      this.ordered = undefined;
    }
    if (!this.ordered) {
      const position = (entry: InfoEntry) => this.places!.get(entry)!.position;
      // As a single pass over the course reports them: by scope, then where the UUID is seen a second time.
      this.ordered = [...this.shared].sort((a, b) => a.scope.rank - b.scope.rank || position(a.members[1]) - position(b.members[1]));
    }
    for (const group of this.ordered) for (const [entry, report] of group.reports) ctx.report(entry, report);
  }

  private indexCourse(ctx: RuleContext, touched: Set<Group>): void {
    let position = 0;
    const add = (scope: Scope, entry: InfoEntry) => {
      const uuid = ctx.uuidOf(entry);
      this.places!.set(entry, { scope, position, uuid });
      const group = uuid === undefined ? undefined : this.insert(scope, uuid, entry, position);
      if (group) touched.add(group);
      position++;
    };
    const { course } = ctx;
    const questions: Scope = { rank: 0, noun: 'questions', byUuid: new Map() };
    for (const entry of course.questions.values()) add(questions, entry);
    const courseInstances: Scope = { rank: 1, noun: 'course instances', byUuid: new Map() };
    let rank = 2;
    for (const ci of course.courseInstances.values()) {
      add(courseInstances, ci.entry);
      const assessments: Scope = { rank: rank++, noun: 'assessments in this course instance', byUuid: new Map() };
      for (const entry of ci.assessments.values()) add(assessments, entry);
    }
  }

  /** Adds `entry` under its UUID, keeping course order; the group it joined, if the UUID is shared. */
  private insert(scope: Scope, uuid: string, entry: InfoEntry, position: number): Group | undefined {
    const held = scope.byUuid.get(uuid);
    if (!held) {
      scope.byUuid.set(uuid, entry);
      return undefined;
    }
    const group: Group = isGroup(held) ? held : { scope, uuid, members: [held], reports: [] };
    scope.byUuid.set(uuid, group);
    const { members } = group;
    let at = members.length;
    while (at > 0 && this.places!.get(members[at - 1])!.position > position) at--;
    members.splice(at, 0, entry);
    return group;
  }
}

function duplicateReport(ctx: RuleContext, entry: InfoEntry, members: InfoEntry[], noun: string): Report {
  const others = members.filter((e) => e !== entry);
  const uuid = ctx.uuidOf(entry);
  return {
    code: 'duplicate-uuid',
    path: ['uuid'],
    message: `UUID "${uuid}" is used in other ${noun}: ${others.map((e) => e.id).join(', ')}. Give this one a new UUID.`,
    related: others.map((e) => ({ entry: e, path: ['uuid'], message: `Also used by ${e.id}` })),
    data: { uuid },
  };
}

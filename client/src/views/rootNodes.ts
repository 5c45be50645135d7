// The top of the Course Instances tree: one row per configured course instance, led by what tells the
// instances apart (their long names), under a heading per course when they come from several courses.
import type { CourseInstanceInfo } from '../api/types';
import { base, lines, type NodeSpec } from './treeModel';
import { webUrl } from './webUrls';

/** A configured course instance as loaded: its info, or why it could not be loaded. */
export interface LoadedCourseInstance {
  ci: string;
  info?: CourseInstanceInfo;
  problem?: string;
}

/** A configured course instance; without `info` it could not be loaded (the error shows below it). */
export function courseInstanceNode(server: string, ci: string, info?: CourseInstanceInfo, problem?: string): NodeSpec {
  const id = base(server, ci);
  const page = webUrl(server, { kind: 'courseInstance', ci });
  if (!info)
    return {
      id,
      label: `Course instance ${ci}`,
      description: problem,
      tooltip: problem,
      icon: 'warning',
      iconColor: 'problemsWarningIcon.foreground',
      contextValue: 'courseInstance.failed',
      children: { kind: 'courseInstance', ci },
      webUrl: page,
    };
  const short = info.course_instance_short_name;
  return {
    id,
    label: info.course_instance_long_name || short,
    description: info.course_instance_long_name ? short : undefined,
    tooltip: lines(
      courseTitle(info),
      `Course instance ${short} (id ${ci}), course id ${info.course_instance_course_id}`,
      `Time zone: ${info.display_timezone}`,
    ),
    icon: 'mortar-board',
    contextValue: 'courseInstance',
    children: { kind: 'courseInstance', ci },
    webUrl: page,
    courseId: info.course_instance_course_id,
    courseName: info.course_short_name ?? undefined,
  };
}

/** "CS 225: Data Structures", or whichever half PrairieLearn gave. */
export function courseTitle(info: Pick<CourseInstanceInfo, 'course_short_name' | 'course_title' | 'course_instance_course_id'>): string {
  const parts = [info.course_short_name, info.course_title].filter(Boolean);
  return parts.length ? parts.join(': ') : `Course ${info.course_instance_course_id}`;
}

/**
 * The rows at the top: the course instances as they are when all come from one course; otherwise one
 * heading per course (in the order first configured) holding its instances, and the ones that could not be
 * loaded (course unknown) after them.
 */
export function rootNodes(server: string, loaded: LoadedCourseInstance[]): NodeSpec[] {
  const nodes = loaded.map((l) => ({ loaded: l, node: courseInstanceNode(server, l.ci, l.info, l.problem) }));
  const courses = new Map<string, { info: CourseInstanceInfo; nodes: NodeSpec[] }>();
  for (const { loaded: l, node } of nodes) {
    if (!l.info) continue;
    const id = l.info.course_instance_course_id;
    const course = courses.get(id) ?? { info: l.info, nodes: [] };
    course.nodes.push(node);
    courses.set(id, course);
  }
  if (courses.size <= 1) return nodes.map((n) => n.node);
  const headings: NodeSpec[] = [...courses].map(([courseId, { info, nodes: instances }]) => ({
    id: `${server}/course/${courseId}`,
    label: info.course_short_name || `Course ${courseId}`,
    description: info.course_title ?? undefined,
    tooltip: lines(courseTitle(info), `Course id ${courseId}`),
    icon: 'book',
    contextValue: 'course',
    children: { kind: 'known', nodes: instances },
    expanded: true,
    webUrl: webUrl(server, { kind: 'course', course: courseId }),
    courseId,
    courseName: info.course_short_name ?? undefined,
  }));
  return [...headings, ...nodes.filter((n) => !n.loaded.info).map((n) => n.node)];
}

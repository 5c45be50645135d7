import { createHash } from 'node:crypto';

/** Staff accounts of the demo data, with the roles the API's authorization matrix distinguishes. */
export interface DemoStaff {
  uid: string;
  name: string;
  courseRole: 'Owner' | 'Editor' | 'Viewer' | 'Previewer' | 'None';
  courseInstanceRole: 'None' | 'Student Data Viewer' | 'Student Data Editor';
}

export const DEMO_STAFF: DemoStaff[] = [
  { uid: 'instructor@example.com', name: 'Ada Instructor', courseRole: 'Owner', courseInstanceRole: 'Student Data Editor' },
  { uid: 'editor@example.com', name: 'Eddie Editor', courseRole: 'Editor', courseInstanceRole: 'None' },
  { uid: 'viewer@example.com', name: 'Vera Viewer', courseRole: 'Viewer', courseInstanceRole: 'None' },
  { uid: 'previewer@example.com', name: 'Percy Previewer', courseRole: 'Previewer', courseInstanceRole: 'None' },
  { uid: 'ta@example.com', name: 'Tara Assistant', courseRole: 'None', courseInstanceRole: 'Student Data Viewer' },
  { uid: 'grader@example.com', name: 'Greg Grader', courseRole: 'None', courseInstanceRole: 'Student Data Editor' },
];

/**
 * The demo token of a demo account: derived from the seed so that it survives restarts without being
 * stored anywhere but as its hash. Demo credentials only; real tokens come from the admin command.
 */
export function demoToken(seed: number, uid: string): string {
  const h = createHash('sha256').update(`reference-demo-token:${seed}:${uid}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const FIRST = ['Alex', 'Bea', 'Chen', 'Dana', 'Eli', 'Fatima', 'Goran', 'Hana', 'Ivan', 'Jia', 'Kofi', 'Lena', 'Mateo', 'Nia', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tomás', 'Uma', 'Viktor', 'Wen', 'Xavier', 'Yuki', 'Zoë'];
const LAST = ['Ahmed', 'Brown', 'Chowdhury', 'Díaz', 'Evans', 'Fischer', 'García', 'Huang', 'Ivanova', 'Jensen', 'Kim', 'López', 'Müller', 'Nguyen', 'Okafor', 'Patel', 'Quispe', 'Rossi', 'Singh', 'Tanaka', 'Urban', 'Valdez', 'Wang', 'Xu', 'Yilmaz', 'Zhang'];

export function studentName(pick: <T>(items: readonly T[]) => T): string {
  return `${pick(FIRST)} ${pick(LAST)}`;
}

import type { CodeInfo, QuestionFileReport } from '../../course';
import type { Analysis } from '../analysis';
import type { QuestionContext } from '../questionContext';

/**
 * A check of question.html that sees only the template and the course's element names; its
 * results are cached with the template text.
 */
export interface TemplateRule {
  name: string;
  needs: 'template';
  codes: Record<string, CodeInfo>;
  check(analysis: Analysis, context: QuestionContext, report: (r: QuestionFileReport) => void): void;
}

/**
 * A check that also looks at other files (files named by attributes, server.py), so it runs on
 * every course check. `collect` picks out once per text what it needs from the template (undefined
 * when there is nothing to look at), so the parsed template need not be kept. `check` is a method
 * so that a rule of its own `Input` type fits in a list of rules (method parameters compare both ways).
 */
export interface CourseTemplateRule<Input = unknown> {
  name: string;
  needs: 'course';
  codes: Record<string, CodeInfo>;
  collect(analysis: Analysis): Input | undefined;
  check(input: Input, context: QuestionContext, report: (r: QuestionFileReport) => void): void;
}

export type AnyTemplateRule = TemplateRule | CourseTemplateRule;

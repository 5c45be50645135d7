import type { InfoKind } from './course';
import infoCourseSchema from '../../../schemas/infoCourse.json';
import infoQuestionSchema from '../../../schemas/infoQuestion.json';
import infoCourseInstanceSchema from '../../../schemas/infoCourseInstance.json';
import infoAssessmentSchema from '../../../schemas/infoAssessment.json';

/** The four schemas, by the kind of file they describe. The files in schemas/ are the one source. */
export const SCHEMAS: Record<InfoKind, object> = {
  course: infoCourseSchema,
  question: infoQuestionSchema,
  courseInstance: infoCourseInstanceSchema,
  assessment: infoAssessmentSchema,
};

export const SCHEMA_KINDS = Object.keys(SCHEMAS) as InfoKind[];

import type { CodeInfo, Rule } from './rule';
import { duplicateUuids } from './duplicateUuids';
import { questionOptions } from './questionOptions';
import { externalGradingOptionsRequired } from './externalGradingOptionsRequired';
import { questionPreferences } from './questionPreferences';
import { questionAuthors } from './questionAuthors';
import { questionIdAtSign } from './questionIdAtSign';
import { duplicateInfoCourseNames } from './duplicateInfoCourseNames';
import { unknownDevModeFeatures } from './unknownDevModeFeatures';
import { undeclaredSharingSets } from './undeclaredSharingSets';
import { draftQuestionSharing } from './draftQuestionSharing';
import { undeclaredNames } from './undeclaredNames';
import { undeclaredNamesSummary } from './undeclaredNamesSummary';
import { questionDependencyFiles } from './questionDependencyFiles';
import { assessmentLegacyGroupConflict } from './assessmentLegacyGroupConflict';
import { assessmentHomeworkRestrictions } from './assessmentHomeworkRestrictions';
import { assessmentAccessModelConflict } from './assessmentAccessModelConflict';
import { assessmentAllowAccessRules } from './assessmentAllowAccessRules';
import { assessmentAllowAccessWarnings } from './assessmentAllowAccessWarnings';
import { assessmentQuestionBlocks } from './assessmentQuestionBlocks';
import { assessmentQuestionPoints } from './assessmentQuestionPoints';
import { assessmentHomeworkPointLimits } from './assessmentHomeworkPointLimits';
import { assessmentZoneSelection } from './assessmentZoneSelection';
import { assessmentQuestionReferences } from './assessmentQuestionReferences';
import { assessmentGroupRoles } from './assessmentGroupRoles';
import { assessmentLockpoints } from './assessmentLockpoints';
import { assessmentPublicSharing } from './assessmentPublicSharing';
import { assessmentPreferenceOverrides } from './assessmentPreferenceOverrides';

import { courseInstanceIssueReporting } from './courseInstanceIssueReporting';
import { courseInstanceSelfEnrollment } from './courseInstanceSelfEnrollment';
import { courseInstancePublishing } from './courseInstancePublishing';
import { courseInstanceAllowAccessDates } from './courseInstanceAllowAccessDates';
import { courseInstanceAllowAccessCleanup } from './courseInstanceAllowAccessCleanup';
import { courseInstanceDeprecatedProperties } from './courseInstanceDeprecatedProperties';
import { courseInstanceStudentLabels } from './courseInstanceStudentLabels';
import { accessControlTargets } from './accessControlTargets';
import { accessControlRuleUuids } from './accessControlRuleUuids';
import { accessControlDefaults } from './accessControlDefaults';
import { accessControlPrairieTest } from './accessControlPrairieTest';
import { accessControlDateValues } from './accessControlDateValues';
import { accessControlDeadlineDates } from './accessControlDeadlineDates';
import { accessControlDueDateRequired } from './accessControlDueDateRequired';
import { accessControlCredits } from './accessControlCredits';
import { accessControlAfterComplete } from './accessControlAfterComplete';
import { accessControlStudentLabels } from './accessControlStudentLabels';
import { courseInstanceSharedAssessments } from './courseInstanceSharedAssessments';
/** Codes the checking pipeline itself emits, before any rule runs. */
export const PIPELINE_CODES: Record<string, CodeInfo> = {
  'read-error': { severity: 'error', description: 'An info file, or a folder of them, cannot be read.' },
  'json-syntax': { severity: 'error', description: 'The file is not valid JSON.' },
  'json-too-deep': { severity: 'warning', description: 'The file nests arrays or objects too deep for the checker, which leaves it unchecked.' },
  'missing-info-file': { severity: 'error', description: 'A folder under questions/, courseInstances/ or assessments/ holds no info file.' },
  'uuid-missing': { severity: 'error', description: 'The file has no "uuid".' },
  'uuid-multiple': { severity: 'error', description: 'A file that is not valid JSON has more than one "uuid".' },
  'uuid-invalid': { severity: 'error', description: 'The "uuid" is not of the form 8-4-4-4-12 hexadecimal digits.' },
  'schema-violation': { severity: 'error', description: 'The file does not match PrairieLearn\'s schema for it.' },
};

/** Every rule, in the order PrairieLearn's sync runs the corresponding checks. */
export const ALL_RULES: Rule[] = [
  questionOptions,
  externalGradingOptionsRequired,
  questionPreferences,
  questionAuthors,
  questionIdAtSign,
  courseInstanceIssueReporting,
  courseInstanceSelfEnrollment,
  courseInstancePublishing,
  courseInstanceAllowAccessDates,
  courseInstanceAllowAccessCleanup,
  courseInstanceDeprecatedProperties,
  courseInstanceStudentLabels,
  duplicateUuids,
  duplicateInfoCourseNames,
  unknownDevModeFeatures,
  undeclaredSharingSets,
  draftQuestionSharing,
  undeclaredNames,
  undeclaredNamesSummary,
  questionDependencyFiles,
  assessmentLegacyGroupConflict,
  assessmentHomeworkRestrictions,
  assessmentAccessModelConflict,
  assessmentAllowAccessRules,
  assessmentAllowAccessWarnings,
  accessControlDateValues,
  accessControlTargets,
  accessControlRuleUuids,
  accessControlDefaults,
  accessControlPrairieTest,
  accessControlDeadlineDates,
  accessControlDueDateRequired,
  accessControlCredits,
  accessControlAfterComplete,
  accessControlStudentLabels,
  assessmentQuestionBlocks,
  assessmentQuestionPoints,
  assessmentHomeworkPointLimits,
  assessmentZoneSelection,
  assessmentQuestionReferences,
  assessmentGroupRoles,
  assessmentLockpoints,
  assessmentPublicSharing,
  courseInstanceSharedAssessments,
  assessmentPreferenceOverrides,
];

const SEVERITIES = new Map<string, CodeInfo>();
for (const [code, info] of Object.entries(PIPELINE_CODES)) SEVERITIES.set(code, info);
for (const rule of ALL_RULES) {
  for (const [code, info] of Object.entries(rule.codes)) {
    if (SEVERITIES.has(code)) throw new Error(`diagnostic code ${code} is declared twice`);
    SEVERITIES.set(code, info);
  }
}

/** Every code of the info files' checks (the pipeline's and the rules'), with its default severity and description. */
export function infoFileCodes(): ReadonlyMap<string, CodeInfo> {
  return SEVERITIES;
}

export function codeSeverity(code: string): CodeInfo['severity'] {
  const info = SEVERITIES.get(code);
  if (!info) throw new Error(`unknown diagnostic code ${code}`);
  return info.severity;
}

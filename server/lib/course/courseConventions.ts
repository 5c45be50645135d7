// Names and folders PrairieLearn itself defines, shared by the rules and the editing features.

/** Tags PrairieLearn supplies when a question uses them without declaring them. */
export const BUILT_IN_TAGS = [
  'numeric', 'symbolic', 'drawing', 'MC', 'code', 'multianswer', 'graph', 'concept', 'calculate', 'compute',
  'software', 'estimation', 'secret', 'nontest',
  ...['15', '16', '17', '18', '19', '20', '21'].flatMap((year) => [`Sp${year}`, `Su${year}`, `Fa${year}`]),
];

/** Assessment sets PrairieLearn supplies when an assessment uses them without declaring them. */
export const BUILT_IN_ASSESSMENT_SETS = [
  'Homework', 'Quiz', 'Practice Quiz', 'Exam', 'Practice Exam', 'Prep', 'Machine Problem', 'Worksheet',
];

/** Every course has this module; assessments without "module" belong to it. */
export const BUILT_IN_MODULES = ['Default'];

/** The folder each clientFiles* dependency list is relative to: the question's own, or the course's. */
export const DEPENDENCY_FOLDERS: Record<string, { base: 'question' | 'course'; folder: string }> = {
  clientFilesQuestionStyles: { base: 'question', folder: 'clientFilesQuestion' },
  clientFilesQuestionScripts: { base: 'question', folder: 'clientFilesQuestion' },
  clientFilesCourseStyles: { base: 'course', folder: 'clientFilesCourse' },
  clientFilesCourseScripts: { base: 'course', folder: 'clientFilesCourse' },
};

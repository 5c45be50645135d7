// Made by schemas/schemaTypes.mjs from schemas/*.json (build.mjs writes it); do not edit. Over 400 lines: one
// type per property of the four info files, as their schemas define them.
/* eslint-disable */

export type InfoCourseComment = string | unknown[] | {
  [key: string]: unknown;
};

export type InfoCourseColor = "red1" | "red2" | "red3" | "pink1" | "pink2" | "pink3" | "purple1" | "purple2" | "purple3" | "blue1" | "blue2" | "blue3" | "turquoise1" | "turquoise2" | "turquoise3" | "green1" | "green2" | "green3" | "yellow1" | "yellow2" | "yellow3" | "orange1" | "orange2" | "orange3" | "brown1" | "brown2" | "brown3" | "gray1" | "gray2" | "gray3";

export type InfoCourseUuid = string;

/** PrairieLearn course (infoCourse.json): an info file's data once it passed its schema. */
export type InfoCourseData = {
  /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
  comment?: InfoCourseComment;
  /** Deprecated and no longer needed: the course is identified by its repository, not a UUID. If present it must still be a well-formed UUID. */
  uuid?: InfoCourseUuid;
  /** Short course name shown in navigation, usually the catalog code, e.g. "TAM 212". */
  name: string;
  /** Full course title, e.g. "Introductory Dynamics". */
  title: string;
  /** IANA timezone name used to interpret and display every date in the course, e.g. "America/Chicago". Course instances may override it. PrairieLearn does not validate it at sync, so check the spelling. */
  timezone?: string;
  /** Course-wide feature switches. */
  options?: {
    /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
    comment?: InfoCourseComment;
    /** Deprecated switch that no longer has any effect; the new renderer is always used. Default false. */
    useNewQuestionRenderer?: boolean;
    /** Feature flags to turn on or off when the course runs in a local development server, as an object of feature name → true/false (an array of names is the older form and means "on"). */
    devModeFeatures?: string[] | ({
      [key: string]: boolean | undefined;
    });
    /** Whether question code receives data about the current user. Only honoured in development mode; elsewhere it is set by administrators. Default false. */
    questionsReceiveUserData?: boolean;
  };
  /** Categories of assessments (Homework, Quiz, Exam, ...). An assessment's "set" names one of these. PrairieLearn's built-in sets (HW, Q, PQ, E, PE, P, MP, WS, U) are available without declaring them; an unknown set name is created on the fly in gray. */
  assessmentSets?: {
    /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
    comment?: InfoCourseComment;
    /** Short label shown on assessment badges, ideally 1–3 characters, e.g. "HW". */
    abbreviation: string;
    /** Singular name that assessments use in their "set" property, e.g. "Homework". */
    name: string;
    /** Plural heading for the group of assessments on the student page, e.g. "Homeworks". */
    heading: string;
    /** Badge color for assessments in this set. */
    color: InfoCourseColor;
    [key: string]: unknown;
  }[];
  /** Course modules (units of the syllabus). An assessment's "module" names one of these; a course instance with "groupAssessmentsBy": "Module" groups assessments by them. A "Default" module always exists. */
  assessmentModules?: {
    /** Short name that assessments use in their "module" property, e.g. "Kinematics". */
    name: string;
    /** Heading shown to students above the module's assessments. */
    heading: string;
    [key: string]: unknown;
  }[];
  /** Topics used to organise questions; every question has exactly one topic. Students can see them. A question naming an undeclared topic gets a gray topic created silently. */
  topics: {
    /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
    comment?: InfoCourseComment;
    /** Topic name that questions use in their "topic" property, ideally under 10 words. */
    name: string;
    /** Badge color for the topic. */
    color: InfoCourseColor;
    /** Longer explanation of what the topic covers. */
    description?: string;
    [key: string]: unknown;
  }[];
  /** Tags for classifying questions (hidden from students). A question naming an undeclared tag gets a gray tag created silently; PrairieLearn also provides some built-in tags. */
  tags?: {
    /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
    comment?: InfoCourseComment;
    /** Abbreviated label, ideally 2–7 characters. */
    shortName?: string;
    /** Tag name that questions list in their "tags" property, ideally under 10 words. */
    name: string;
    /** Badge color for the tag. */
    color: InfoCourseColor;
    /** Longer explanation of what the tag means. */
    description?: string;
    [key: string]: unknown;
  }[];
  /** Named sets of questions that can be shared with other courses. Questions join a set through their own "sharingSets" property. Requires question sharing to be enabled for the course. */
  sharingSets?: {
    /** Name that questions use in their "sharingSets" property. */
    name: string;
    /** What the set contains or who it is for. */
    description?: string;
    [key: string]: unknown;
  }[];
};

export type InfoCourseInstanceComment = string | unknown[] | {
  [key: string]: unknown;
};

export type InfoCourseInstanceColor = "red1" | "red2" | "red3" | "pink1" | "pink2" | "pink3" | "purple1" | "purple2" | "purple3" | "blue1" | "blue2" | "blue3" | "turquoise1" | "turquoise2" | "turquoise3" | "green1" | "green2" | "green3" | "yellow1" | "yellow2" | "yellow3" | "orange1" | "orange2" | "orange3" | "brown1" | "brown2" | "brown3" | "gray1" | "gray2" | "gray3";

export type InfoCourseInstanceUuid = string;

/** PrairieLearn course instance (infoCourseInstance.json): an info file's data once it passed its schema. */
export type InfoCourseInstanceData = {
  /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
  comment?: InfoCourseInstanceComment;
  /** Unique identifier of the course instance; keeps its data attached if the directory is renamed. Must be unique among the course's instances. */
  uuid: InfoCourseInstanceUuid;
  /** Name of this offering shown to students, e.g. "Fall 2025". */
  longName: string;
  /** Deprecated and unused; delete it. */
  shortName?: string;
  /** IANA timezone name for dates in this course instance, e.g. "America/Chicago". Defaults to the course's timezone. Not validated at sync. */
  timezone?: string;
  /** Deprecated: issue reporting is now configured per assessment. true is ignored (warning); false is an error. */
  allowIssueReporting?: boolean;
  /** Whether and how students can enroll themselves. Default {} (self-enrollment on, restricted to the course's institution). */
  selfEnrollment?: {
    /** Whether students may enroll themselves. If false, they must be invited or added by staff. Cannot be set when "allowAccess" is used. Default true. */
    enabled?: boolean;
    /** Whether only users from the course's institution may self-enroll. Default true. */
    restrictToInstitution?: boolean;
    /** Self-enrollment closes at this date ("YYYY-MM-DDTHH:MM:SS", in the instance's timezone). Cannot be set when "allowAccess" is used. */
    beforeDate?: string;
    /** Whether students need an enrollment code to self-enroll. Default false. */
    useEnrollmentCode?: boolean;
  };
  /** Deprecated: the enrollment page no longer exists; delete this property. */
  hideInEnrollPage?: boolean;
  /** Deprecated: staff roles are now managed on the Staff page; delete this property. */
  userRoles?: {
    [key: string]: unknown;
  };
  /** When the course instance is available to students. Give both dates or neither (dates are "YYYY-MM-DDTHH:MM:SS" in the instance's timezone). Cannot be combined with the legacy "allowAccess". */
  publishing?: {
    /** When students gain access. Requires "endDate"; must not be after it. */
    startDate?: string;
    /** When students lose access. Requires "startDate". */
    endDate?: string;
  };
  /** Legacy access rules for the course instance: a student has access if any rule matches. Prefer "publishing" for new course instances; the two cannot be combined. */
  allowAccess?: ({
    /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
    comment?: InfoCourseInstanceComment;
    /** Deprecated: staff access is managed on the Staff page. Rules for roles other than Student are ignored and should be deleted. */
    role?: "Student" | "TA" | "Instructor" | "Superuser";
    /** Only these users (by UID, e.g. "student@example.com") match this rule. */
    uids?: string[];
    /** Access begins at this date ("YYYY-MM-DDTHH:MM:SS", seconds required). */
    startDate?: string;
    /** Access ends at this date ("YYYY-MM-DDTHH:MM:SS", seconds required). */
    endDate?: string;
    /** Only users from this institution (short name, or "Any") match this rule. */
    institution?: string;
  })[];
  /** How the student assessments page groups assessments: by assessment "Set" (default) or by "Module". */
  groupAssessmentsBy?: "Set" | "Module";
  /** Whether anyone may view and copy this course instance's configuration and its assessments' (each assessment must also be publicly shared). Default false. */
  shareSourcePublicly?: boolean;
  /** Labels for groups of students (e.g. sections or accommodations), at most 100. Assessments' accessControl overrides can target them. */
  studentLabels?: {
    /** Unique identifier of the label; keeps student assignments when it is renamed. */
    uuid: InfoCourseInstanceUuid;
    /** Label name (1–255 characters), used in accessControl "labels". */
    name: string;
    /** Badge color for the label. */
    color: InfoCourseInstanceColor;
  }[];
};

export type InfoAssessmentComment = string | unknown[] | {
  [key: string]: unknown;
};

export type InfoAssessmentUuid = string;

export type InfoAssessmentPointsSingle = number;

export type InfoAssessmentPointsList = InfoAssessmentPointsSingle[];

export type InfoAssessmentPoints = InfoAssessmentPointsSingle | InfoAssessmentPointsList;

export type InfoAssessmentQuestionId = string;

export type InfoAssessmentAdvanceScorePerc = number;

export type InfoAssessmentQuestionPreferenceValues = {
  [key: string]: string | number | boolean | undefined;
};

export type InfoAssessmentTool = {
  /** Whether students can use this tool. */
  enabled: boolean;
  [key: string]: unknown;
};

export type InfoAssessmentDateTimeLocal = string;

/** A section of the assessment. Questions are chosen and shown zone by zone. */
export type InfoAssessmentZone = {
  /** Heading shown to students above the zone's questions. */
  title?: string;
  /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
  comment?: InfoAssessmentComment;
  /** Deprecated: use "comment". */
  comments?: InfoAssessmentComment;
  /** At most this many points earned in the zone count toward the total. */
  maxPoints?: number;
  /** Number of questions (or pools) chosen at random from the zone for each student. Defaults to all. */
  numberChoose?: number;
  /** Only the questions with the highest points, this many, count toward the total. */
  bestQuestions?: number;
  /** If true, students must confirm before entering this zone, and earlier zones become read-only. Not allowed on the first zone. Default false. */
  lockpoint?: boolean;
  /** Questions in the zone (at least one). Each entry is a single question ("id") or a pool of alternatives ("alternatives"). */
  questions: InfoAssessmentZoneQuestion[];
  /** Students must score at least this percentage on a question before the following questions unlock. */
  advanceScorePerc?: InfoAssessmentAdvanceScorePerc;
  /** Minimum minutes a student must wait between graded submissions to the same question. */
  gradeRateMinutes?: number;
  /** Whether students can grade answers while working on questions in this zone; inherits from the assessment if omitted. Cannot be false on Homework assessments. */
  allowRealTimeGrading?: boolean;
  /** Role names allowed to view questions in this zone. Only applies to group work with roles. Default []. */
  canView?: string[];
  /** Role names allowed to submit answers in this zone. Only applies to group work with roles. Default []. */
  canSubmit?: string[];
  /** Tools available in this zone, overriding the assessment's "tools". */
  tools?: {
    /** The on-screen calculator. */
    calculator?: InfoAssessmentTool;
    [key: string]: unknown;
  };
  [key: string]: unknown;
};

/** One slot in a zone: either a single question ("id") or a pool of "alternatives" from which "numberChoose" are picked. Give exactly one of "id" and "alternatives". */
export type InfoAssessmentZoneQuestion = {
  /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
  comment?: InfoAssessmentComment;
  /** Points for this question. Homework: points per correct submission (a single number). Exam: points for the first, second, ... attempt (a number or a non-increasing list). Cannot be combined with autoPoints, manualPoints or maxAutoPoints. */
  points?: InfoAssessmentPoints;
  /** Points graded automatically (same form as "points"); use with manualPoints when part of the grade is manual. */
  autoPoints?: InfoAssessmentPoints;
  /** Homework only: the most points the question can earn over repeated correct submissions. */
  maxPoints?: InfoAssessmentPointsSingle;
  /** Homework only: the most auto-graded points the question can earn. */
  maxAutoPoints?: InfoAssessmentPointsSingle;
  /** Points graded manually by course staff. */
  manualPoints?: InfoAssessmentPointsSingle;
  /** The question in this slot. Do not combine with "alternatives". */
  id?: InfoAssessmentQuestionId;
  /** If true, every student gets full points for this question at the next regrade. */
  forceMaxPoints?: boolean;
  /** Pool of questions to choose from (at least one); they inherit point settings given here. */
  alternatives?: InfoAssessmentAlternative[];
  /** How many alternatives of the pool each student gets. Default 1. */
  numberChoose?: number;
  /** Number of graded submissions allowed on each variant before a new variant is needed. Default 1. */
  triesPerVariant?: number;
  /** Students must score at least this percentage on a question before the following questions unlock. */
  advanceScorePerc?: InfoAssessmentAdvanceScorePerc;
  /** Minimum minutes a student must wait between graded submissions to the same question. */
  gradeRateMinutes?: number;
  /** Whether students can grade answers while working on this question; inherits from the zone if omitted. Cannot be false on Homework assessments. */
  allowRealTimeGrading?: boolean;
  /** Role names allowed to view this question. Only applies to group work with roles. Default []. */
  canView?: string[];
  /** Role names allowed to submit answers to this question. Only applies to group work with roles. Default []. */
  canSubmit?: string[];
  /** Values for preferences the question declares in its info.json, overriding their defaults. */
  preferences?: InfoAssessmentQuestionPreferenceValues;
  [key: string]: unknown;
};

/** One question in a pool of alternatives. Point settings not given here are taken from the pool. */
export type InfoAssessmentAlternative = {
  /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
  comment?: InfoAssessmentComment;
  /** Points for this question. Homework: points per correct submission (a single number). Exam: points for the first, second, ... attempt (a number or a non-increasing list). Cannot be combined with autoPoints, manualPoints or maxAutoPoints. */
  points?: InfoAssessmentPoints;
  /** Points graded automatically (same form as "points"); use with manualPoints when part of the grade is manual. */
  autoPoints?: InfoAssessmentPoints;
  /** Homework only: the most points the question can earn over repeated correct submissions. */
  maxPoints?: InfoAssessmentPointsSingle;
  /** Homework only: the most auto-graded points the question can earn. */
  maxAutoPoints?: InfoAssessmentPointsSingle;
  /** Points graded manually by course staff. */
  manualPoints?: InfoAssessmentPointsSingle;
  /** The question. */
  id: InfoAssessmentQuestionId;
  /** If true, every student gets full points for this question at the next regrade. */
  forceMaxPoints?: boolean;
  /** Number of graded submissions allowed on each variant before a new variant is needed. Default 1. */
  triesPerVariant?: number;
  /** Students must score at least this percentage on a question before the following questions unlock. */
  advanceScorePerc?: InfoAssessmentAdvanceScorePerc;
  /** Minimum minutes a student must wait between graded submissions to the same question. */
  gradeRateMinutes?: number;
  /** Whether students can grade answers while working on this alternative; inherits from the pool if omitted. Cannot be false on Homework assessments. */
  allowRealTimeGrading?: boolean;
  /** Values for preferences the question declares in its info.json, overriding their defaults. */
  preferences?: InfoAssessmentQuestionPreferenceValues;
  [key: string]: unknown;
};

/** Deprecated (use "groups.roles"): a role in group work. */
export type InfoAssessmentLegacyGroupRole = {
  /** Role name, e.g. "Manager". */
  name: string;
  /** Fewest members that must hold this role. Default 0. */
  minimum?: number;
  /** Most members that may hold this role. */
  maximum?: number;
  /** Whether members with this role may assign roles. Default false. */
  canAssignRoles?: boolean;
  [key: string]: unknown;
};

/** A role group members can take. */
export type InfoAssessmentGroupRole = {
  /** Role name, e.g. "Manager"; used in canView / canSubmit / canAssignRoles lists. */
  name: string;
  /** Fewest members that must hold this role. Default 0. */
  minMembers?: number;
  /** Most members that may hold this role. */
  maxMembers?: number;
};

/** Legacy access rule: every condition it states must hold for it to grant access, with its credit. */
export type InfoAssessmentAccessRule = {
  /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
  comment?: InfoAssessmentComment;
  /** "Exam" restricts the rule to PrairieTest / testing-center sessions; "Public" to ordinary access. Implied as Exam when "examUuid" is given. */
  mode?: "Public" | "Exam";
  /** UUID of the PrairieTest exam whose reservation grants access (a version-4 UUID copied from PrairieTest). */
  examUuid?: string;
  /** Deprecated: staff access is managed on the Staff page. Rules for roles other than Student should be deleted. */
  role?: "Student" | "TA" | "Instructor";
  /** Only these users (by UID, e.g. "student@example.com") match this rule. */
  uids?: string[];
  /** Credit, in percent, for work done under this rule (100 = full credit, above 100 = bonus, 0 = practice only). */
  credit?: number;
  /** The rule applies from this date ("YYYY-MM-DDTHH:MM:SS", seconds required). */
  startDate?: string;
  /** The rule applies until this date ("YYYY-MM-DDTHH:MM:SS", seconds required). */
  endDate?: string;
  /** Time limit in minutes, counted from when the student starts (Exam only). */
  timeLimitMin?: number;
  /** Password students must enter to start the assessment. */
  password?: string;
  /** Whether students can still see questions after the assessment closes. Default true. */
  showClosedAssessment?: boolean;
  /** Whether students can still see their score after the assessment closes (matters when showClosedAssessment is false). Default true. */
  showClosedAssessmentScore?: boolean;
  /** Whether students can start or submit under this rule; if false, credit must be 0 (view only). Default true. */
  active?: boolean;
};

/** A deadline and the credit earned for submissions before it. */
export type InfoAssessmentDeadline = {
  /** The deadline. */
  date: InfoAssessmentDateTimeLocal;
  /** Credit in percent (0–200) for submissions before this deadline. */
  credit: number;
};

export type InfoAssessmentDeadlineList = InfoAssessmentDeadline[] | null;

/** One accessControl entry. The first is the defaults for all students; later ones override individual settings for student labels ("labels") or specific students (no "labels"). */
export type InfoAssessmentAccessControlRule = {
  /** Identifier of an override entry (required on every entry after the first; not allowed on the first). */
  uuid?: InfoAssessmentUuid;
  /** Student labels (from the course instance's studentLabels) this override applies to; a student matches if they have any of them. At most 100. */
  labels?: string[];
  /** Behaviour before the release date (first entry only). */
  beforeRelease?: {
    /** Whether students see the assessment title (but cannot open it) before release. Default false. */
    listed: boolean;
  };
  /** Release date, due date, early/late deadlines with credit, time limit and password. In overrides, only the fields given replace the defaults. */
  dateControl?: {
    /** When students can first open the assessment (required on the first entry when dateControl is used). */
    release?: {
      /** Release date. */
      date: InfoAssessmentDateTimeLocal;
    };
    /** Due date and the credit earned until then. */
    due?: {
      /** Due date, or null for no due date (the due credit then applies indefinitely). */
      date: InfoAssessmentDateTimeLocal | null;
      /** Credit in percent (0–200) until the due date. Default 100. */
      credit?: number;
    };
    /** Deadlines before the due date offering extra credit (more than the due credit). */
    earlyDeadlines?: InfoAssessmentDeadlineList;
    /** Deadlines after the due date offering reduced credit (below 100%). */
    lateDeadlines?: InfoAssessmentDeadlineList;
    /** Whether submissions are still accepted after the last deadline, and for what credit. Omitted on the first entry means no submissions; in an override it inherits the defaults. */
    afterLastDeadline?: {
      /** Whether students may keep submitting after the last deadline. If true, "credit" is required; if false, "credit" is not allowed. */
      allowSubmissions: boolean;
      /** Credit in percent (0–99) for submissions after the last deadline; 0 means practice only. Required when allowSubmissions is true. */
      credit?: number;
    };
    /** Time limit in minutes (1–525600) from when a student starts; null removes an inherited limit. */
    durationMinutes?: number | null;
    /** Password required to start or continue the assessment (1–128 characters); null removes an inherited password. */
    password?: string | null;
  };
  /** Access through other systems (first entry only). */
  integrations?: {
    /** PrairieTest exams whose active reservations grant access. */
    prairieTest?: {
      /** Linked PrairieTest exams (at most 10). */
      exams?: {
        /** UUID of the PrairieTest exam (a version-4 UUID copied from PrairieTest). */
        examUuid: string;
        /** If true, students can review but not submit during the reservation. */
        readOnly?: boolean;
        /** What students see after finishing while the reservation is still active. */
        afterComplete?: {
          /** Question visibility during the reservation. */
          questions?: {
            /** Hide questions after finishing. */
            hidden?: boolean;
          };
          /** Score visibility during the reservation. */
          score?: {
            /** Hide the score after finishing (requires questions hidden). */
            hidden?: boolean;
          };
        };
      }[];
    };
  };
  /** What students can see once the assessment is complete (by default questions are hidden and the score is shown). */
  afterComplete?: {
    /** Question visibility after completion. */
    questions?: {
      /** Whether questions are hidden after completion. */
      hidden: boolean;
      /** Hidden questions become visible at this date (after the last deadline). */
      visibleFromDate?: InfoAssessmentDateTimeLocal;
      /** Questions made visible are hidden again at this date. */
      visibleUntilDate?: InfoAssessmentDateTimeLocal;
    };
    /** Score visibility after completion. */
    score?: {
      /** Whether the score is hidden after completion (requires questions hidden). */
      hidden: boolean;
      /** A hidden score becomes visible at this date. */
      visibleFromDate?: InfoAssessmentDateTimeLocal;
    };
  };
};

/** PrairieLearn assessment (infoAssessment.json): an info file's data once it passed its schema. */
export type InfoAssessmentData = {
  /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
  comment?: InfoAssessmentComment;
  /** Unique identifier of the assessment; keeps student data attached if the directory is renamed. Must be unique within the course instance. */
  uuid: InfoAssessmentUuid;
  /** "Homework" (students retry questions with new variants for practice) or "Exam" (fixed questions, limited attempts, closes when done). The type sets several defaults. */
  type: "Homework" | "Exam";
  /** Title shown to students, e.g. "Derivatives". */
  title: string;
  /** Assessment set this belongs to, matching an assessmentSets "name" in infoCourse.json or a built-in set (e.g. "Homework", "Quiz", "Exam"). Undeclared names are created in gray. */
  set: string;
  /** Label of the assessment within its set, e.g. "1", "2B"; shown as e.g. "HW1". */
  number: string;
  /** Whether students may report problems with questions. Default true. */
  allowIssueReporting?: boolean;
  /** Whether each student may start more than one instance of the assessment (Exam only). Default false. */
  multipleInstance?: boolean;
  /** Whether to present questions within each zone in random order. Defaults to true for Exam and false for Homework. */
  shuffleQuestions?: boolean;
  /** Legacy access rules: a student has access if any rule matches. Cannot be combined with "accessControl", which is preferred for new assessments. */
  allowAccess?: InfoAssessmentAccessRule[];
  /** Access rules: the first entry holds the defaults for everyone; later entries (each with a "uuid") override them for student labels or specific students. Omitted or [] means no student access. Cannot be combined with "allowAccess". */
  accessControl?: InfoAssessmentAccessControlRule[];
  /** HTML shown to students on the assessment overview page, e.g. instructions or allowed resources. */
  text?: string;
  /** Points needed for a score of 100%. Defaults to the total points of all questions. */
  maxPoints?: number;
  /** Extra points beyond maxPoints a student may earn, giving a score above 100%. */
  maxBonusPoints?: number;
  /** Whether students may attach personal notes (files) to the assessment. Default true. */
  allowPersonalNotes?: boolean;
  /** Whether an Exam closes automatically after a period of inactivity. Default true. */
  autoClose?: boolean;
  /** Ordered sections of the assessment, each holding questions (with optional random selection). Default []. */
  zones?: InfoAssessmentZone[];
  /** Homework: keep a question's value constant instead of growing it for consecutive correct answers. Default false. */
  constantQuestionValue?: boolean;
  /** Whether students can grade answers while working; if false, answers are only graded when the assessment closes. Default true; cannot be false on Homework. */
  allowRealTimeGrading?: boolean;
  /** Whether students must accept an honor code before starting. Defaults to true for Exam; cannot be true on Homework. */
  requireHonorCode?: boolean;
  /** Custom honor code text in Markdown (Exam only). */
  honorCode?: string;
  /** Whether students see question titles in the question list. Defaults to true for Homework and false for Exam. */
  showQuestionTitles?: boolean;
  /** Deprecated: use "groups". Whether students work on this assessment in groups. Default false. */
  groupWork?: boolean;
  /** Deprecated: use "groups.maxMembers". Largest allowed group size. */
  groupMaxSize?: number;
  /** Deprecated: use "groups.minMembers". Smallest allowed group size. */
  groupMinSize?: number;
  /** Deprecated: use "groups.roles". Roles group members can take. Default []. */
  groupRoles?: InfoAssessmentLegacyGroupRole[];
  /** Deprecated: use "groups.rolePermissions.canView". Role names allowed to view questions. Only applies to group work with roles. Default []. */
  canView?: string[];
  /** Deprecated: use "groups.rolePermissions.canSubmit". Role names allowed to submit answers. Only applies to group work with roles. Default []. */
  canSubmit?: string[];
  /** Deprecated: use "groups.studentPermissions.canCreateGroup". Default false. */
  studentGroupCreate?: boolean;
  /** Deprecated: use "groups.studentPermissions.canNameGroup". Default true. */
  studentGroupChooseName?: boolean;
  /** Deprecated: use "groups.studentPermissions.canJoinGroup". Default false. */
  studentGroupJoin?: boolean;
  /** Deprecated: use "groups.studentPermissions.canLeaveGroup". Default false. */
  studentGroupLeave?: boolean;
  /** Group work settings: group size, roles and permissions. Cannot be combined with the legacy group properties (groupWork, groupRoles, canView, ...). */
  groups?: {
    /** Smallest allowed group size. */
    minMembers?: number;
    /** Largest allowed group size. */
    maxMembers?: number;
    /** Roles that group members can take (e.g. Manager, Recorder). At least one role with minMembers ≥ 1 must be able to assign roles. Default []. */
    roles?: InfoAssessmentGroupRole[];
    /** What students may do to manage groups themselves. Default {} (all allowed). */
    studentPermissions?: {
      /** Whether students may create groups. Default true. */
      canCreateGroup?: boolean;
      /** Whether students may join a group with its join code. Default true. */
      canJoinGroup?: boolean;
      /** Whether students may leave their group. Default true. */
      canLeaveGroup?: boolean;
      /** Whether students may name a group they create. Default true. */
      canNameGroup?: boolean;
    };
    /** Which roles may do what. Default {}. */
    rolePermissions?: {
      /** Role names allowed to assign roles to group members. Only applies to group work with roles. Default []. */
      canAssignRoles?: string[];
      /** Role names allowed to view questions. Only applies to group work with roles. Default []. */
      canView?: string[];
      /** Role names allowed to submit answers. Only applies to group work with roles. Default []. */
      canSubmit?: string[];
    };
  };
  /** Students must score at least this percentage on a question before the following questions unlock. */
  advanceScorePerc?: InfoAssessmentAdvanceScorePerc;
  /** Minimum minutes a student must wait between graded submissions to the same question. */
  gradeRateMinutes?: number;
  /** Module this assessment belongs to, matching an assessmentModules "name" in infoCourse.json. Defaults to the "Default" module; undeclared names are created silently. */
  module?: string;
  /** Whether anyone may view and copy this assessment's configuration and question list (its questions must be publicly shared too). Default false. */
  shareSourcePublicly?: boolean;
  /** Tools students can use during the assessment, keyed by tool name (currently only "calculator"). */
  tools?: {
    /** The on-screen calculator. */
    calculator?: InfoAssessmentTool;
    [key: string]: unknown;
  };
};

export type InfoQuestionComment = string | unknown[] | {
  [key: string]: unknown;
};

export type InfoQuestionUuid = string;

/** Someone credited for writing the question. Give at least one of "email", "orcid" or "originCourse". */
export type InfoQuestionAuthor = {
  /** Person's name as it should be credited (3–255 characters). */
  name?: string;
  /** Contact email address (must be a valid address, at most 255 characters). */
  email?: string;
  /** ORCID iD of the person, e.g. "0000-0002-1825-0097" (the last character may be X; the checksum is verified). */
  orcid?: string;
  /** Sharing name of the course whose staff wrote the question. */
  originCourse?: string;
};

/** One question preference: its value type, its default and optionally the allowed values. */
export type InfoQuestionPreference = {
  /** Type of the value. */
  type: "string" | "number" | "boolean";
  /** Value used when an assessment does not set this preference; must have the declared type (and be one of "enum" if given). */
  default: string | number | boolean;
  /** Allowed values (strings or numbers matching "type"; not for boolean preferences). */
  enum?: (string | number)[];
};

/** PrairieLearn question (info.json): an info file's data once it passed its schema. */
export type InfoQuestionData = {
  /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
  comment?: InfoQuestionComment;
  /** Unique identifier of the question. It keeps student data attached to the question when its directory (QID) is renamed. Must be unique among the course's questions. */
  uuid: InfoQuestionUuid;
  /** Question format. Use "v3" (freeform, with question.html and server.py) for all new questions; the others are legacy v2 formats. */
  type: "Calculation" | "MultipleChoice" | "Checkbox" | "File" | "MultipleTrueFalse" | "v3";
  /** Title shown to students and staff, e.g. "Adding two vectors". */
  title: string;
  /** The one topic this question belongs to; should match a topic "name" in infoCourse.json (an undeclared topic is created silently in gray). */
  topic: string;
  /** Tags for finding and grouping the question; each should match a tag "name" in infoCourse.json (undeclared tags are created silently). Default []. */
  tags?: string[];
  /** People or courses credited for writing the question (at most 10). */
  authors?: InfoQuestionAuthor[];
  /** Deprecated (v2 questions): files in the question directory that the browser may download. Default ["client.js", "question.html", "answer.html"]. v3 questions use clientFilesQuestion/ instead. */
  clientFiles?: string[];
  /** Deprecated (v2 questions): templates rendered on the server and made available to the client. */
  clientTemplates?: string[];
  /** Deprecated: QID of another question whose files this question inherits. */
  template?: string;
  /** Who grades submissions: "Internal" (the question's own code, default), "External" (a Docker grader; requires externalGradingOptions) or "Manual" (course staff). */
  gradingMethod?: "Internal" | "External" | "Manual";
  /** If true, the question is not randomized: each student gets one variant and cannot ask for a new one (on Homework, a correct answer then finishes the question). Default false. */
  singleVariant?: boolean;
  /** Whether students may see the correct-answer panel once it is available. Default true. */
  showCorrectAnswer?: boolean;
  /** Whether scores between 0 and 100% earn proportional points. Defaults to true for v3 questions and false for legacy types. */
  partialCredit?: boolean;
  /** Deprecated: settings for legacy v2 question types (type-specific keys). Not allowed on v3 questions. */
  options?: {
    [key: string]: unknown;
  };
  /** How to run the Docker container that grades submissions when "gradingMethod" is "External". */
  externalGradingOptions?: {
    /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
    comment?: InfoQuestionComment;
    /** Deprecated switch for the external grader. Default true. */
    enabled?: boolean;
    /** Docker image that runs the grader, e.g. "prairielearn/grader-python". */
    image: string;
    /** Command that starts grading inside the container, as a string or a list of arguments. If omitted, the image's own entrypoint runs. */
    entrypoint?: string | string[];
    /** Files or directories from serverFilesCourse/ copied into the grading container (under /grade/serverFilesCourse). Default []. */
    serverFilesCourse?: string[];
    /** Seconds before a grading job is stopped. Values above the server maximum (600 s by default) are lowered to it with a warning. */
    timeout?: number;
    /** Whether the grading container may use the network. Default false. */
    enableNetworking?: boolean;
    /** Environment variables set in the grading container, as name → value. Default {}. */
    environment?: {
      [key: string]: string | undefined;
    };
  };
  /** Extra CSS and JavaScript files to load on the page with this question. Default {}. */
  dependencies?: {
    /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
    comment?: InfoQuestionComment;
    /** Deprecated: stylesheets bundled with PrairieLearn itself. */
    coreStyles?: string[];
    /** Deprecated: scripts bundled with PrairieLearn itself. */
    coreScripts?: string[];
    /** Stylesheets loaded from PrairieLearn's node_modules, as paths relative to it. */
    nodeModulesStyles?: string[];
    /** Scripts loaded from PrairieLearn's node_modules, as paths relative to it. */
    nodeModulesScripts?: string[];
    /** Stylesheets loaded from the course's clientFilesCourse/, as paths relative to it. */
    clientFilesCourseStyles?: string[];
    /** Scripts loaded from the course's clientFilesCourse/, as paths relative to it. */
    clientFilesCourseScripts?: string[];
    /** Stylesheets loaded from this question's clientFilesQuestion/, as paths relative to it. */
    clientFilesQuestionStyles?: string[];
    /** Scripts loaded from this question's clientFilesQuestion/, as paths relative to it. */
    clientFilesQuestionScripts?: string[];
  };
  /** Settings for a workspace question: the Docker container (e.g. a browser IDE or Jupyter) students work in. */
  workspaceOptions?: {
    /** Free-form note for course staff (string, array or object); PrairieLearn ignores it. */
    comment?: InfoQuestionComment;
    /** Docker image that runs the workspace, e.g. "prairielearn/workspace-vscode-python". */
    image: string;
    /** Port on which the container serves its web interface. */
    port?: number;
    /** Home directory inside the container, where the student's files live, e.g. "/home/coder". */
    home?: string;
    /** Command-line arguments passed to the container, as a string or a list. */
    args?: string | string[];
    /** Whether to strip the workspace URL prefix so the container sees requests as if served from "/". */
    rewriteUrl?: boolean;
    /** Files or directories copied out of the workspace and submitted for grading when the student saves. Default []. */
    gradedFiles?: string[];
    /** Whether the workspace container may use the network. Default false. */
    enableNetworking?: boolean;
    /** Environment variables set in the container, as name → value; null unsets a variable the image defines. Default {}. */
    environment?: {
      [key: string]: string | null | undefined;
    };
    /** Deprecated: files or directories excluded from syncing. */
    syncIgnore?: string[];
  };
  /** Sharing sets (declared in infoCourse.json) this question belongs to, which lets the courses those sets are shared with use it. Draft questions cannot be in sharing sets. */
  sharingSets?: string[];
  /** Whether any course may use this question in its assessments. Default false. */
  sharePublicly?: boolean;
  /** Whether anyone may view and copy this question's source files. Default false. */
  shareSourcePublicly?: boolean;
  /** Settings that assessments can change for this question, as name → definition. Question code reads the resulting values; assessments override them with "preferences" on a zone question or alternative. */
  preferences?: {
    [key: string]: InfoQuestionPreference | undefined;
  };
};

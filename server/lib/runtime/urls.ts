import { PLFILE, plfileUrl } from '../protocol';

/**
 * The URL options every element is given (the `options` of PrairieLearn's render call), as
 * placeholders (server/lib/protocol/plfileUrls.ts) that the host rewrites.
 */
export function renderUrlOptions(dynamicUrl: string, submissionFilesUrl: string | null): Record<string, unknown> {
  return {
    base_url: PLFILE,
    client_files_question_url: plfileUrl('clientFilesQuestion'),
    client_files_course_url: plfileUrl('clientFilesCourse'),
    client_files_question_dynamic_url: dynamicUrl,
    submission_files_url: submissionFilesUrl,
    course_element_files_url: plfileUrl('courseElements'),
    course_element_extension_files_url: plfileUrl('courseElementExtensions'),
    workspace_url: null,
    external_image_capture_url: null,
    variant_id: null,
  };
}

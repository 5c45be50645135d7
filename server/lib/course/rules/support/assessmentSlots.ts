import type { InfoEntry } from '../../course';
import type { JsonPath } from '../../jsonFile';
import type { InfoData, RuleContext } from '../rule';
import type { InfoAssessmentAlternative, InfoAssessmentPoints, InfoAssessmentZone, InfoAssessmentZoneQuestion } from '../../schemaTypes';

/** A point setting and where it is written: on the question itself, or on its alternative pool. */
export interface PointField {
  value: InfoAssessmentPoints;
  path: JsonPath;
}

export const POINT_FIELDS = ['points', 'autoPoints', 'manualPoints', 'maxPoints', 'maxAutoPoints'] as const;
export type PointFieldName = (typeof POINT_FIELDS)[number];

/**
 * One question an assessment can present: a zone question with an `id`, or one alternative of a
 * pool. Alternatives inherit the pool's point settings, as PrairieLearn normalizes them.
 */
export interface QuestionSlot {
  zoneIndex: number;
  questionIndex: number;
  alternativeIndex?: number;
  qid?: string;
  /** The alternative, or the zone question. */
  node: InfoAssessmentZoneQuestion | InfoAssessmentAlternative;
  path: JsonPath;
  /** PrairieLearn's message prefix: `Question "<qid>"`, or the position when there is no id. */
  label: string;
  fields: Partial<Record<PointFieldName, PointField>>;
  /** Effective setting: alternative, then zone question, then zone, then assessment (default true). */
  allowRealTimeGrading: boolean;
}

/** A zone's name in PrairieLearn's messages: its title, else its position. */
export function zoneName(zone: InfoAssessmentZone, zoneIndex: number): string {
  return zone.title ? zone.title : `zone ${zoneIndex + 1}`;
}

const slotsByData = new WeakMap<object, readonly QuestionSlot[]>();

/**
 * The question slots of a valid assessment. A zone question with both `alternatives` and `id`, or
 * with neither, yields none (PrairieLearn reports it and skips its points). Remembered per parsed
 * file, which the checker keeps while the text is unchanged: course rules ask on every check.
 */
export function questionSlots(data: InfoData['assessment']): readonly QuestionSlot[] {
  let slots = slotsByData.get(data);
  if (!slots) {
    slots = computeQuestionSlots(data);
    slotsByData.set(data, slots);
  }
  return slots;
}

function computeQuestionSlots(data: InfoData['assessment']): QuestionSlot[] {
  const slots: QuestionSlot[] = [];
  const assessmentRealTime = data.allowRealTimeGrading ?? true;
  (data.zones ?? []).forEach((zone, zoneIndex) => {
    (zone.questions ?? []).forEach((question, questionIndex) => {
      const questionPath: JsonPath = ['zones', zoneIndex, 'questions', questionIndex];
      const groupRealTime = question.allowRealTimeGrading ?? zone.allowRealTimeGrading ?? assessmentRealTime;
      const base = `Zone "${zoneName(zone, zoneIndex)}", question ${questionIndex + 1}`;
      if (question.alternatives && question.id) return;
      if (question.alternatives) {
        question.alternatives.forEach((alternative, alternativeIndex) => {
          const path = [...questionPath, 'alternatives', alternativeIndex];
          const fields: QuestionSlot['fields'] = {};
          for (const name of POINT_FIELDS) {
            if (alternative[name] != null) fields[name] = { value: alternative[name], path: [...path, name] };
            else if (question[name] != null) fields[name] = { value: question[name], path: [...questionPath, name] };
          }
          slots.push({
            zoneIndex,
            questionIndex,
            alternativeIndex,
            qid: alternative.id || undefined,
            node: alternative,
            path,
            label: alternative.id ? `Question "${alternative.id}"` : `${base}, alternative ${alternativeIndex + 1}`,
            fields,
            allowRealTimeGrading: alternative.allowRealTimeGrading ?? groupRealTime,
          });
        });
      } else if (question.id) {
        const fields: QuestionSlot['fields'] = {};
        for (const name of POINT_FIELDS) {
          if (question[name] != null) fields[name] = { value: question[name], path: [...questionPath, name] };
        }
        slots.push({
          zoneIndex,
          questionIndex,
          qid: question.id,
          node: question,
          path: questionPath,
          label: `Question "${question.id}"`,
          fields,
          allowRealTimeGrading: groupRealTime,
        });
      }
    });
  });
  return slots;
}

/**
 * Collects per-slot problems and reports each place once: a pool setting inherited by several
 * alternatives gives one diagnostic naming all of them, not one per alternative.
 */
export class SlotProblems {
  private byPlace = new Map<string, { code: string; path: JsonPath; part: 'key' | 'value'; labels: string[]; text: string }>();

  add(code: string, path: JsonPath, part: 'key' | 'value', label: string, text: string): void {
    const key = `${code}\u0000${part}\u0000${path.join('\u0000')}`;
    const found = this.byPlace.get(key);
    if (found) {
      if (!found.labels.includes(label)) found.labels.push(label);
    } else this.byPlace.set(key, { code, path, part, labels: [label], text });
  }

  reportAll(ctx: RuleContext, entry: InfoEntry): void {
    for (const p of this.byPlace.values()) {
      ctx.report(entry, { code: p.code, path: p.path, part: p.part, message: `${p.labels.join(', ')}: ${p.text}` });
    }
  }
}

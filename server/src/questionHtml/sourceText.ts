import { computeLineStarts } from '../course/jsonFile';

/** A checked text file that is not JSON (question.html): offsets to line and character. */
export class SourceText {
  private starts: number[] | undefined;

  constructor(readonly text: string) {}

  positionAt(offset: number): { line: number; character: number } {
    const starts = (this.starts ??= computeLineStarts(this.text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - starts[lo] };
  }
}

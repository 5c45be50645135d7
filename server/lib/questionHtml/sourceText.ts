import { computeLineStarts, positionAtOffset } from '../course';

/** A checked text file that is not JSON (question.html): offsets to line and character. */
export class SourceText {
  private starts: number[] | undefined;

  constructor(readonly text: string) {}

  positionAt(offset: number): { line: number; character: number } {
    return positionAtOffset((this.starts ??= computeLineStarts(this.text)), offset);
  }
}

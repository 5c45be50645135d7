/** A value the course offers where an info file names something of it (completion). */
export interface ValueCandidate {
  value: string;
  /** One line shown next to the value (a question's title, a name's description). */
  detail?: string;
  kind: 'question' | 'name' | 'file';
}

// Files a question makes (server.py's file(), pl-figure type="dynamic", pl-file-download) and files of
// a submission, served to the preview by URL from a private folder of the panel's own instead of being
// inlined into the page as data: URIs: a large plot then costs one file write, not a page of base64
// that the webview has to parse. The runtime caps each file (10 MB); the folder goes with the panel.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export class GeneratedFiles {
  /** A folder only this user can read (mkdtemp makes it 0700), which the webview may load from. */
  readonly dir: string;
  private written = new Set<string>();
  /** Counts renders: part of each name, so that the webview never shows a cached file of an earlier page. */
  private page = 0;

  constructor(parent = os.tmpdir()) {
    this.dir = fs.mkdtempSync(path.join(parent, 'pl-preview-files-'));
  }

  /**
   * Writes the bytes a placeholder URL stands for and returns the file's path. The name is a hash of the
   * URL and the render (its extension kept, for the content type), so no name a question chose reaches
   * the file system, and a new variant's plot is a new file the webview has not cached.
   */
  write(url: string, base64: string): string {
    const ext = /\.([A-Za-z0-9]{1,10})(?:[?#].*)?$/.exec(url)?.[1]?.toLowerCase();
    const name = `${createHash('sha256').update(url).digest('hex').slice(0, 32)}-${this.page}${ext ? `.${ext}` : ''}`;
    const file = path.join(this.dir, name);
    fs.writeFileSync(file, Buffer.from(base64, 'base64'), { mode: 0o600 });
    this.written.add(file);
    return file;
  }

  /** Before a new render: the files the last one wrote are removed, so the folder holds one page's files. */
  clear(): void {
    for (const file of this.written) fs.rmSync(file, { force: true });
    this.written.clear();
    this.page++;
  }

  dispose(): void {
    this.written.clear();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

// What the reference server prints when it is ready (dist/referenceServer.js, server/src/reference/main.ts):
//   base URL: http://127.0.0.1:PORT/pl/api/v1
//   token: <token>
//   course id: <id>
//   course instance id: <id> (<short name>)

export interface ReadyInfo {
  serverUrl: string;
  token: string;
  courseId?: string;
  courseInstanceIds: string[];
}

/** Collects the announcement lines from the server's stdout, chunk by chunk. */
export class ServerOutputParser {
  private buffer = '';
  private baseUrl?: string;
  private token?: string;
  private courseId?: string;
  private readonly courseInstanceIds: string[] = [];

  /** Feeds stdout; returns the info once the base URL, token and course instances have all been read. */
  push(chunk: string): ReadyInfo | undefined {
    this.buffer += chunk;
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      this.line(this.buffer.slice(0, nl).trim());
      this.buffer = this.buffer.slice(nl + 1);
    }
    return this.ready();
  }

  /** At process exit or when output stops: whatever complete set was read, else undefined. */
  finish(): ReadyInfo | undefined {
    if (this.buffer.trim()) this.line(this.buffer.trim());
    this.buffer = '';
    if (!this.baseUrl || !this.token) return undefined;
    return this.info();
  }

  private line(text: string): void {
    let m: RegExpExecArray | null;
    if ((m = /^base URL: (https?:\/\/\S+?)\/pl\/api\/v1\/?$/.exec(text))) this.baseUrl = m[1];
    else if ((m = /^token: (\S+)$/.exec(text))) this.token = m[1];
    else if ((m = /^course id: (\d+)$/.exec(text))) this.courseId = m[1];
    else if ((m = /^course instance id: (\d+)\b/.exec(text))) this.courseInstanceIds.push(m[1]);
  }

  // The course instance lines come last; a server without any prints "course id" last.
  private ready(): ReadyInfo | undefined {
    if (!this.baseUrl || !this.token || !this.courseId) return undefined;
    return this.courseInstanceIds.length ? this.info() : undefined;
  }

  private info(): ReadyInfo {
    return { serverUrl: this.baseUrl!, token: this.token!, courseId: this.courseId, courseInstanceIds: [...this.courseInstanceIds] };
  }
}

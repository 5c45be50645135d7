import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { NO_PYTHON_CODE, type PreviewMethod, type PreviewRequests } from '../../lib/protocol';
import { PreviewError, PreviewSessions } from '../../lib/runtime';
import type { ContainerEngineSetting } from './settings';

/** A preview error as the client expects it: NO_PYTHON_CODE with the message as data, or invalid params. */
function responseError(err: PreviewError): ResponseError<unknown> {
  return err.kind === 'noPython' ? new ResponseError(NO_PYTHON_CODE, err.message, err.message) : new ResponseError(ErrorCodes.InvalidParams, err.message);
}

/**
 * Registers the preview's requests (protocol/questionPreview.ts) on the connection (one line in
 * server.ts); the sessions themselves live in the runtime library (runtime/previewSessions.ts).
 */
export function registerQuestionPreview(connection: Connection, engine?: () => ContainerEngineSetting): PreviewSessions {
  const sessions = new PreviewSessions(engine);
  const on = <M extends PreviewMethod>(method: M, handler: (p: PreviewRequests[M][0]) => PreviewRequests[M][1] | Promise<PreviewRequests[M][1]>) =>
    connection.onRequest(method, async (params: PreviewRequests[M][0]): Promise<unknown> => {
      try {
        return await handler(params);
      } catch (err) {
        if (err instanceof PreviewError) throw responseError(err);
        connection.console.error(`${method} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        throw new ResponseError(ErrorCodes.InternalError, err instanceof Error ? err.message : String(err));
      }
    });
  on('prairielearn/preview/createVariant', (p) => sessions.createVariant(p));
  on('prairielearn/preview/render', (p) => sessions.render(p));
  on('prairielearn/preview/submit', (p) => sessions.submit(p));
  on('prairielearn/preview/file', (p) => sessions.file(p));
  on('prairielearn/preview/renderSubmission', (p) => sessions.renderSubmission(p));
  on('prairielearn/preview/close', (p) => sessions.close(p));
  // No shutdown hook (server.ts owns onShutdown): the Python helpers end when their stdin closes with this process.
  return sessions;
}

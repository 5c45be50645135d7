// The language status items of course files (the {} next to the language name in the status bar):
// the course the language server found, whether it is checking, its problem counts, and the server
// signed in to.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { DEFAULT_SERVER_URL, normalizeServerUrl } from './api/serverUrl';
import { TokenStore, tokenKey } from './auth/tokenStore';
import { COURSE_STATUS_NOTIFICATION, type CourseStatus } from '../../server/lib/protocol';

export function showLanguageStatus(context: vscode.ExtensionContext, client: LanguageClient, selector: vscode.DocumentSelector): void {
  const course = vscode.languages.createLanguageStatusItem('prairielearn.course', selector);
  course.name = 'PrairieLearn course';
  course.text = 'PrairieLearn: looking for the course';
  course.busy = true;
  course.command = { title: 'Show Problems', command: 'workbench.actions.view.problems' };
  const account = vscode.languages.createLanguageStatusItem('prairielearn.account', selector);
  account.name = 'PrairieLearn server';
  context.subscriptions.push(course, account);

  context.subscriptions.push(
    client.onNotification(COURSE_STATUS_NOTIFICATION, (status: CourseStatus) => {
      const names = status.courses.map((c) => c.name);
      course.text = names.length === 0 ? 'No PrairieLearn course found' : `PrairieLearn: ${names.join(', ')}`;
      course.detail = status.checking ? 'checking…' : problemCounts(status);
      course.busy = status.checking;
      course.severity =
        status.errors > 0 ? vscode.LanguageStatusSeverity.Error : status.warnings > 0 ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
    }),
  );

  // Read-only view of the sign-in state kept by the Course Instances view (client/src/auth).
  const tokens = new TokenStore(context.secrets);
  const showAccount = async () => {
    const serverUrl = configuredServerUrl();
    const signedIn = !!(await tokens.get(serverUrl));
    account.text = signedIn ? `Signed in to ${new URL(serverUrl).host}` : 'Not signed in to PrairieLearn';
    account.detail = signedIn ? serverUrl : undefined;
    account.command = signedIn ? undefined : { title: 'Sign In', command: 'prairielearn.signIn' };
  };
  void showAccount();
  context.subscriptions.push(
    context.secrets.onDidChange((e) => e.key.startsWith(tokenKey('')) && void showAccount()),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('prairielearn.serverUrl') && void showAccount()),
  );
}

function problemCounts({ errors, warnings, infos }: CourseStatus): string {
  if (errors + warnings + infos === 0) return 'no problems';
  const part = (n: number, what: string) => (n > 0 ? `${n} ${what}${n === 1 ? '' : 's'}` : undefined);
  return [part(errors, 'error'), part(warnings, 'warning'), part(infos, 'note')].filter(Boolean).join(', ');
}

/** The server the Course Instances view talks to (the prairielearn.serverUrl setting), as the sign-in keeps it. */
function configuredServerUrl(): string {
  try {
    return normalizeServerUrl(vscode.workspace.getConfiguration('prairielearn').get<string>('serverUrl') || DEFAULT_SERVER_URL);
  } catch {
    return DEFAULT_SERVER_URL;
  }
}

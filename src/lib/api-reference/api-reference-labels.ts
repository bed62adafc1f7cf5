import type { ApiReferenceUiStrings } from '../content/ui-strings-schema.ts';
import type { SecurityView, TextRun } from './build-api-reference-view.ts';

/** One alternative of an operation's security, in the page's language; scopes as code. */
function securityRuns(security: SecurityView, ui: ApiReferenceUiStrings): TextRun[] {
  if (security.kind === 'anonymous') return [{ code: false, text: ui.anonymous }];
  const [before = '', after = ''] = ui.oauth.split('{scopes}');
  const scopes = security.scopes.flatMap((scope, index): TextRun[] => [
    ...(index > 0 ? [{ code: false, text: ', ' }] : []),
    { code: true, text: scope },
  ]);
  return [{ code: false, text: before }, ...scopes, { code: false, text: after }].filter((run) => run.text !== '');
}

/** All alternatives of an operation's security: "none (anonymous) or OAuth 2.0 access token with scope `catalog.read`". */
export const securityText = (security: SecurityView[], ui: ApiReferenceUiStrings): TextRun[] =>
  security.flatMap((alternative, index) => [
    ...(index > 0 ? [{ code: false, text: ` ${ui.or} ` }] : []),
    ...securityRuns(alternative, ui),
  ]);

/** "yes" or "no" for a required column. */
export const requiredLabel = (required: boolean, ui: ApiReferenceUiStrings): string => (required ? ui.yes : ui.no);

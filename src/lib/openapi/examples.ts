import { categoryImageUrl } from '../catalog/build-panels.ts';
import { applyGrantRules } from '../oauth/grant-rules.ts';
import { oauthErrorAnswer, type OAuthFailure } from '../oauth/token-answer.ts';
import { bodyTooLarge, TOKEN_BODY_LIMIT, type TokenParams } from '../oauth/token-request.ts';
import { buildProblem } from '../http/problem-details.ts';
import { BiomarkerCatalogSchema, type BiomarkerCatalog } from '../schemas/catalog.ts';
import {
  CLIENT_CREDENTIALS,
  OAuthTokenErrorSchema,
  TokenSuccessSchema,
  type OAuthTokenError,
  type TokenSuccess,
} from '../schemas/oauth.ts';
import type { Problem, ProblemCode } from '../schemas/problem.ts';
import type { ExampleObject } from './openapi-types.ts';

/** A one-marker catalog (LDL cholesterol, EU panel), parsed by the schema it illustrates so it cannot drift. */
export function catalogExample(baseUrl: string): BiomarkerCatalog {
  return BiomarkerCatalogSchema.parse({
    success: true,
    data: [
      {
        id: 102,
        uuid: 'bad373cf-1f8d-41d5-9827-c9ce2d9e8641',
        unit: 'mmol/L',
        metadata: { key: 'ldl-cholesterol', specimen: 'serum' },
        category: {
          uuid: 'a1a0e936-c760-4c48-ade8-5e29473d9c67',
          type: 'lipids',
          imageUrl: categoryImageUrl(baseUrl, 'lipids'),
          translations: [
            { locale: 'en', name: 'Lipids' },
            { locale: 'de', name: 'Fettstoffwechsel' },
          ],
        },
        translations: [
          {
            locale: 'en',
            name: 'LDL cholesterol',
            description:
              'Cholesterol carried in low-density lipoproteins, the particles that deposit cholesterol in artery ' +
              'walls. LDL cholesterol is the main target in the prevention of heart attack and stroke.',
          },
          { locale: 'de', name: 'LDL-Cholesterin' },
        ],
      },
    ],
  });
}

/** A token response; the token is 32 random bytes in base64url, as the endpoint mints them. */
export const TOKEN_SUCCESS_EXAMPLE: TokenSuccess = TokenSuccessSchema.parse({
  access_token: 'Xq7Tf0cA2mJ9Rk4Lw1Ns8Vb6Hy3Pd5Ge0Zu2Ko9Qi1E',
  token_type: 'Bearer',
  expires_in: 3600,
  scope: 'catalog.read',
});

/** The body the token endpoint answers a refusal with, by the endpoint's own code, so the examples cannot drift. */
const refusalBody = (failure: OAuthFailure): OAuthTokenError =>
  OAuthTokenErrorSchema.parse(JSON.parse(oauthErrorAnswer(failure).body));

/** The refusal of a token request by the grant rules, so an example is what the endpoint really answers. */
function refusedRequest(params: TokenParams, authorization: string | null = null): OAuthTokenError {
  const result = applyGrantRules(params, authorization);
  if (result.ok) throw new Error('an example of a refused token request was granted');
  return refusalBody(result.failure);
}

/** One example per error the token endpoint answers with 400, in the order the rules are checked. */
export const TOKEN_ERROR_EXAMPLES: Record<string, ExampleObject> = {
  invalid_request: { summary: 'grant_type missing', value: refusedRequest({}) },
  invalid_client: {
    summary: 'A client secret was sent',
    value: refusedRequest({ grant_type: CLIENT_CREDENTIALS, client_secret: 'secret' }),
  },
  unsupported_grant_type: { summary: 'Another grant type', value: refusedRequest({ grant_type: 'password' }) },
  invalid_scope: {
    summary: 'Another scope',
    value: refusedRequest({ grant_type: CLIENT_CREDENTIALS, scope: 'catalog.write' }),
  },
};

/** The 401 body for a request that used the Authorization header. */
export const TOKEN_UNAUTHORIZED_EXAMPLE = refusedRequest(
  { grant_type: CLIENT_CREDENTIALS },
  'Basic Y2xpZW50OnNlY3JldA==',
);

/** The 413 body for a request body over the cap. */
export const TOKEN_TOO_LARGE_EXAMPLE = refusalBody(bodyTooLarge(TOKEN_BODY_LIMIT));

/** A Problem as the one Problem helper builds it. */
export const problemExample = (baseUrl: string, code: ProblemCode, detail: string, instance?: string): Problem =>
  buildProblem(baseUrl, { code, detail, ...(instance === undefined ? {} : { instance }) });

import { categoryImageUrl } from '../catalog/build-panels.ts';
import { TOKEN_BODY_LIMIT } from '../oauth/token-request.ts';
import { buildProblem } from '../http/problem-details.ts';
import { BiomarkerCatalogSchema, type BiomarkerCatalog } from '../schemas/catalog.ts';
import {
  INVALID_CLIENT,
  INVALID_REQUEST,
  INVALID_SCOPE,
  OAuthTokenErrorSchema,
  TokenSuccessSchema,
  UNSUPPORTED_GRANT_TYPE,
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

const oauthError = (summary: string, body: OAuthTokenError): ExampleObject => ({
  summary,
  value: OAuthTokenErrorSchema.parse(body),
});

/** One example per error the token endpoint answers with 400, in the order the rules are checked. */
export const TOKEN_ERROR_EXAMPLES: Record<string, ExampleObject> = {
  invalid_request: oauthError('grant_type missing', {
    error: INVALID_REQUEST,
    error_description: 'grant_type is required; use client_credentials',
  }),
  invalid_client: oauthError('A client secret was sent', {
    error: INVALID_CLIENT,
    error_description:
      'client_secret is not accepted; this endpoint serves public clients only (token_endpoint_auth_method none)',
  }),
  unsupported_grant_type: oauthError('Another grant type', {
    error: UNSUPPORTED_GRANT_TYPE,
    error_description: "grant_type 'password' is not supported; use client_credentials",
  }),
  invalid_scope: oauthError('Another scope', {
    error: INVALID_SCOPE,
    error_description: "scope 'catalog.write' is not available; the only scope is catalog.read",
  }),
};

/** The 401 body for a request that used the Authorization header. */
export const TOKEN_UNAUTHORIZED_EXAMPLE: OAuthTokenError = OAuthTokenErrorSchema.parse({
  error: INVALID_CLIENT,
  error_description:
    'client authentication with an Authorization header (Basic) is not accepted; this endpoint serves public ' +
    'clients only (token_endpoint_auth_method none)',
});

/** The 413 body for a request body over the cap. */
export const TOKEN_TOO_LARGE_EXAMPLE: OAuthTokenError = OAuthTokenErrorSchema.parse({
  error: INVALID_REQUEST,
  error_description: `request body exceeds ${TOKEN_BODY_LIMIT} bytes`,
});

/** A Problem as the one Problem helper builds it. */
export const problemExample = (baseUrl: string, code: ProblemCode, detail: string, instance?: string): Problem =>
  buildProblem(baseUrl, { code, detail, ...(instance === undefined ? {} : { instance }) });

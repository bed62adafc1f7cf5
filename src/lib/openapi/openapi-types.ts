/**
 * The OpenAPI 3.1 object model this service writes (OAS 3.1.0 §4.8). Not imported: openapi-typescript's model marks
 * optional fields required (a server's `description`), openapi-types' 3.1 headers take 3.0 schemas (no `const`), and
 * openapi3-ts's 3.1 model has no `jsonSchemaDialect` or `info.summary`.
 */

/** A JSON Schema (draft 2020-12), as zod emits it or as written for a header or parameter. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** A `$ref` to a component of this document (OAS 3.1.0 §4.8.23). */
export interface ReferenceObject {
  $ref: string;
}

/** A server the API is reached on (OAS 3.1.0 §4.8.5). */
export interface ServerObject {
  url: string;
  description?: string;
}

/** A named example of a media type (OAS 3.1.0 §4.8.19). */
export interface ExampleObject {
  summary?: string;
  description?: string;
  value: unknown;
}

/** One media type of a body (OAS 3.1.0 §4.8.14). */
export interface MediaTypeObject {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, ExampleObject>;
}

/** A response header (OAS 3.1.0 §4.8.21). */
export interface HeaderObject {
  description: string;
  required?: boolean;
  schema: JsonSchema;
  example?: unknown;
}

/** A parameter of an operation (OAS 3.1.0 §4.8.12). */
export interface ParameterObject {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  description: string;
  required?: boolean;
  schema: JsonSchema;
  example?: unknown;
}

/** A request body (OAS 3.1.0 §4.8.13). */
interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content: Record<string, MediaTypeObject>;
}

/** One response of an operation (OAS 3.1.0 §4.8.17). */
export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | ReferenceObject>;
  content?: Record<string, MediaTypeObject>;
}

/** Security requirement: scheme name → scopes; `{}` means anonymous (OAS 3.1.0 §4.8.30). */
export type SecurityRequirementObject = Record<string, string[]>;

/** One operation (OAS 3.1.0 §4.8.10). */
export interface OperationObject {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: Array<ParameterObject | ReferenceObject>;
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject | ReferenceObject>;
  security?: SecurityRequirementObject[];
}

/** The HTTP methods a path item may describe (OAS 3.1.0 §4.8.9). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One of HTTP_METHODS. @internal */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The operations and servers of one path (OAS 3.1.0 §4.8.9). */
export type PathItemObject = { servers?: ServerObject[] } & Partial<Record<HttpMethod, OperationObject>>;

/** A tag grouping operations (OAS 3.1.0 §4.8.22). */
interface TagObject {
  name: string;
  description: string;
}

/** An OAuth 2.0 security scheme with the client-credentials flow (OAS 3.1.0 §4.8.27). */
interface OAuth2SecuritySchemeObject {
  type: 'oauth2';
  description: string;
  flows: { clientCredentials: { tokenUrl: string; scopes: Record<string, string> } };
}

/** Reusable parts of the document (OAS 3.1.0 §4.8.7). */
interface ComponentsObject {
  schemas: Record<string, JsonSchema>;
  responses: Record<string, ResponseObject>;
  parameters: Record<string, ParameterObject>;
  headers: Record<string, HeaderObject>;
  securitySchemes: Record<string, OAuth2SecuritySchemeObject>;
}

/** The whole document (OAS 3.1.0 §4.8.1). */
export interface OpenApiDocument {
  openapi: string;
  jsonSchemaDialect: string;
  info: {
    title: string;
    version: string;
    summary?: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers: ServerObject[];
  security: SecurityRequirementObject[];
  tags: TagObject[];
  externalDocs: { description: string; url: string };
  paths: Record<string, PathItemObject>;
  components: ComponentsObject;
}

/** A `$ref` to `#/components/<kind>/<name>`. */
export const componentRef = (
  kind: 'schemas' | 'responses' | 'parameters' | 'headers',
  name: string,
): ReferenceObject => ({ $ref: `#/components/${kind}/${name}` });

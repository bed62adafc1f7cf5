import { z } from 'zod';

/** OpenAPI version of the served document. */
export const OPENAPI_VERSION = '3.1.0';

/** The JSON Schema dialect of OpenAPI 3.1, which the document declares as `jsonSchemaDialect`. */
export const OAS_31_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

/** An open object: the members named are checked, any others are allowed. */
const openObject = <T extends z.ZodRawShape>(shape: T, description: string) =>
  z.looseObject(shape).meta({ description });

/** The served OpenAPI document (OpenAPI 3.1): required members and named optional ones; `x-` extensions allowed. */
export const OpenApiDocumentSchema = z
  .looseObject({
    /** OpenAPI version, currently 3.1.0. */
    openapi: z
      .string()
      .regex(/^3\.1\.\d+$/)
      .meta({ description: 'OpenAPI version of the document.', examples: [OPENAPI_VERSION] }),
    /** Title and version of the API. */
    info: openObject(
      {
        title: z.string().min(1).meta({ description: 'Name of the API.' }),
        version: z
          .string()
          .min(1)
          .meta({ description: 'Version of the document.', examples: ['1.0.0'] }),
      },
      'Metadata about the API.',
    ),
    /** The operations, keyed by path. */
    paths: z.record(z.string().regex(/^\//), z.looseObject({})).meta({ description: 'The operations, keyed by path.' }),
    /** Default JSON Schema dialect of the schemas. */
    jsonSchemaDialect: z.url().optional().meta({ description: 'Default JSON Schema dialect of the schemas.' }),
    /** Where the API is served. */
    servers: z
      .array(openObject({ url: z.string().min(1) }, 'A server of the API.'))
      .optional()
      .meta({ description: 'Where the API is served.' }),
    /** Groups of operations. */
    tags: z
      .array(openObject({ name: z.string().min(1) }, 'A group of operations.'))
      .optional()
      .meta({ description: 'Groups of operations.' }),
    /** Default security requirements. */
    security: z
      .array(z.record(z.string(), z.array(z.string())))
      .optional()
      .meta({ description: 'Default security requirements of the operations.' }),
    /** Reusable schemas, headers, security schemes and more. */
    components: openObject(
      {
        schemas: z.record(z.string(), z.looseObject({})).optional(),
        headers: z.record(z.string(), z.looseObject({})).optional(),
        securitySchemes: z.record(z.string(), z.looseObject({})).optional(),
      },
      'Reusable parts of the document.',
    ).optional(),
    /** The developer guide. */
    externalDocs: openObject({ url: z.url() }, 'Further documentation.').optional(),
  })
  .meta({ id: 'OpenApiDocument', description: 'An OpenAPI 3.1 description of this API.' });

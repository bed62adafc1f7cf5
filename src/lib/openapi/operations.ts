import type { ZodType } from 'zod';
import type { OperationObject, PathItemObject } from './openapi-types.ts';
import { sharedResponse } from './responses.ts';
import type { DocumentConfig } from './servers.ts';

/**
 * One path of the OpenAPI document as its route carries it (the route table's row names it, as fastify's route options
 * carry a schema): its path item for a configuration, and the shapes it sends and reads, which `components.schemas`
 * lists in that order.
 */
export interface ApiOperation {
  readonly path: string;
  pathItem(config: DocumentConfig): PathItemObject;
  /** The shapes its answers carry, in the order `components.schemas` lists them. */
  readonly sends: readonly ZodType[];
  /** The shapes its requests carry. */
  readonly reads?: readonly ZodType[];
}

/** What a GET operation says; its HEAD twin is derived from it. */
export type ReadOperation = Omit<OperationObject, 'operationId'> & { name: string };

/** GET and HEAD of a resource (RFC 9110 §9.3.2): HEAD has GET's parameters, statuses and headers, and no body. */
export function getAndHead({ name, ...get }: ReadOperation): Pick<PathItemObject, 'get' | 'head'> {
  return {
    get: { operationId: `get${name}`, ...get },
    head: {
      operationId: `head${name}`,
      ...get,
      summary: `${get.summary} (headers only)`,
      description: `As GET: the same status and headers, without a body.\n\n${get.description}`,
    },
  };
}

/** `OPTIONS` of a path: `Allow` and a CORS preflight answer; the server's dispatch answers it on every path. */
export function optionsOperation(name: string, path: string, tags: string[]): Pick<PathItemObject, 'options'> {
  return {
    options: {
      operationId: `options${name}`,
      summary: `Methods and CORS preflight of ${path}`,
      description:
        'Answers with 204, `Allow` and the CORS preflight headers, whether or not the request is a preflight. ' +
        'It costs no quota, but a client whose window is used up gets 429 like everywhere else.',
      tags,
      responses: { '204': sharedResponse('Preflight'), '429': sharedResponse('TooManyRequests') },
    },
  };
}

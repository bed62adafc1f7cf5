import { z } from 'zod';

/** Every `code` a Problem may carry; the developer guide has one heading per code. */
export const PROBLEM_CODES = [
  'bad_request',
  'not_found',
  'method_not_allowed',
  'precondition_failed',
  'unsupported_grant_type',
  'invalid_request',
  'invalid_scope',
  'bad_gateway',
  'internal_error',
  'rate_limited',
  'service_unavailable',
  'not_implemented',
] as const;

/** One of the Problem error codes. */
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** RFC 9457 problem details, as every 4xx/5xx outside the token grant is sent. */
export const ProblemSchema = z
  .strictObject({
    /** URI of the problem class: `{base_url}/developers#<heading-id>`. */
    type: z.url().meta({ description: 'Problem class URI; points at the matching heading of the developer guide.' }),
    /** Short, stable summary of the problem type. */
    title: z.string().meta({ description: 'Short summary of the problem type.' }),
    /** HTTP status code, repeated from the response line. */
    status: z.int().min(400).max(599).meta({ description: 'HTTP status code.' }),
    /** What went wrong this time, in plain words. */
    detail: z.string().meta({ description: 'Explanation specific to this occurrence.' }),
    /** Machine-readable code, one of `PROBLEM_CODES`. */
    code: z.enum(PROBLEM_CODES).meta({ description: 'Machine-readable error code.' }),
    /** URI reference of this occurrence (the request path). */
    instance: z.string().optional().meta({ description: 'URI reference identifying this occurrence.' }),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details.' });

/** A Problem body. */
export type Problem = z.infer<typeof ProblemSchema>;

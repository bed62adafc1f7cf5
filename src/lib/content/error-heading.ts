import { PROBLEM_TYPES, problemHeadingId } from '../problem/problem-types.ts';
import { PROBLEM_CODES, type ProblemCode } from '../schemas/problem.ts';

/** What the guide shows for one error code: the heading's `id`, the code and its status. */
export interface ErrorHeadingParts {
  /** The fragment of the Problem `type` URI (spec 2.5), e.g. `rate-limited`. */
  id: string;
  code: ProblemCode;
  status: number;
}

/**
 * The parts of the "Errors" heading for `code`, shared by the HTML component and the
 * Markdown converter. Throws on a code spec section 7 does not define, so a typo in a
 * page fails the build instead of publishing a heading no Problem points at.
 */
export function errorHeadingParts(code: string): ErrorHeadingParts {
  const known = PROBLEM_CODES.find((candidate) => candidate === code);
  if (known === undefined) throw new Error(`<ErrorHeading code="${code}">: not a code of spec section 7`);
  return { id: problemHeadingId(known), code: known, status: PROBLEM_TYPES[known].status };
}

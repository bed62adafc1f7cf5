/** Reason phrases of the statuses the document uses, as RFC 9110 §15 names them. */
const REASONS: Readonly<Record<string, string>> = {
  '200': 'OK',
  '204': 'No Content',
  '304': 'Not Modified',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '413': 'Content Too Large',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
};

/** The reason phrase of a status code, or `''` for one the table lacks (a `default` response). */
export const statusReason = (status: string): string => REASONS[status] ?? '';

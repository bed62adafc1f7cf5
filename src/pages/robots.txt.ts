import type { APIRoute } from 'astro';
import { getConfig } from '../lib/config/config.ts';
import { getRobotsTxt } from '../lib/discovery/site-documents.ts';
import { documentResponse } from '../lib/pages/document-response.ts';

/** `GET|HEAD /robots.txt` (RFC 9309): crawling is allowed in production only. */
export const GET: APIRoute = ({ request }) => {
  const { baseUrl, deployEnv } = getConfig();
  return documentResponse(getRobotsTxt(baseUrl, deployEnv === 'production'), request);
};

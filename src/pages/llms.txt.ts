import type { APIRoute } from 'astro';
import { getConfig } from '../lib/config/config.ts';
import { getLlmsTxt } from '../lib/discovery/site-documents.ts';
import { documentResponse } from '../lib/pages/document-response.ts';

/** `GET|HEAD /llms.txt` (llmstxt.org): the map of the site for LLMs and agents. */
export const GET: APIRoute = ({ request }) => documentResponse(getLlmsTxt(getConfig().baseUrl), request);

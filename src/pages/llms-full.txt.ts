import type { APIRoute } from 'astro';
import { getConfig } from '../lib/config/config.ts';
import { getLlmsFullTxt } from '../lib/discovery/site-documents.ts';
import { documentResponse } from '../lib/pages/document-response.ts';

/** `GET|HEAD /llms-full.txt`: every English page of the guide as Markdown, in one file. */
export const GET: APIRoute = ({ request }) => documentResponse(getLlmsFullTxt(getConfig().baseUrl), request);

import type { APIRoute } from 'astro';
import { healthResponse } from '../lib/health/health-response.ts';

/** Liveness probe for load balancers and containers (GET and HEAD). */
export const GET: APIRoute = () => healthResponse();

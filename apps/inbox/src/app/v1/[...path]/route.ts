import { forwardToApi } from '@/lib/api-proxy';

// The API, on the inbox's origin (see lib/api-proxy.ts). Never cached, never prerendered.
export const dynamic = 'force-dynamic';

export const GET = (request: Request) => forwardToApi(request);
export const HEAD = GET;
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
export const OPTIONS = GET;

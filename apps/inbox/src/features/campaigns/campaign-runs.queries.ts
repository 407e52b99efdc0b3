import type { operations } from '@sendbook/api-contract';
import { browserApi, problemOf, unwrap, type Api } from '@/lib/api';
import type { CampaignAction } from '@/lib/campaign-run';
import { problemFrom, type Problem } from '@/lib/problem';
import { idempotencyHeaders } from '@/lib/request-id';

/**
 * Campaigns admins start (`POST /v1/campaigns` with a CSV) and run: the run's progress, its
 * timeline, pause, resume, cancel. Refreshed often while the page is open: it moves every second.
 */
export const campaignRunKeys = {
  all: ['campaign-runs'] as const,
  one: (campaign: string) => ['campaign-runs', 'one', campaign] as const,
  timeline: (campaign: string) => ['campaign-runs', 'timeline', campaign] as const,
};

const LIVE_MS = 3_000;

export type CampaignSubmission = operations['previewCampaign']['responses'][200]['content']['application/json'];

/** The settings that travel in the query beside a CSV body. */
export interface CampaignSettings {
  name: string;
  phoneNumberId: string;
  template: { name: string; language: string };
  variables: readonly string[];
  notBefore: string | null;
}

/** A refusal of the request as a whole: its problem, and each field's words when the API named them. */
export type SubmitResult = { ok: true; submission: CampaignSubmission } | { ok: false; problem: Problem; details: { field: string; message: string }[] };

function queryOf(s: CampaignSettings) {
  return {
    name: s.name,
    phone_number_id: s.phoneNumberId,
    template_name: s.template.name,
    template_language: s.template.language,
    ...(s.variables.length > 0 ? { variables: s.variables.join(',') } : {}),
    ...(s.notBefore ? { not_before: s.notBefore } : {}),
  };
}

/** What the campaign would do with this file (nothing stored): the summary, every refused row, the first rows rendered. */
export function previewCampaign(csv: string, settings: CampaignSettings, signal?: AbortSignal): Promise<SubmitResult> {
  return send('/v1/campaigns/preview', csv, settings, undefined, signal);
}

/** Starts it: stored at once, written to the outbox by the workers. The same name again adds only recipients it lacks. */
export function startCampaign(csv: string, settings: CampaignSettings, requestId: string): Promise<SubmitResult> {
  return send('/v1/campaigns', csv, settings, requestId);
}

async function send(
  path: '/v1/campaigns' | '/v1/campaigns/preview',
  csv: string,
  settings: CampaignSettings,
  requestId?: string,
  signal?: AbortSignal,
): Promise<SubmitResult> {
  let result;
  try {
    result = await browserApi().client.POST(path, {
      params: { query: queryOf(settings) },
      // The file goes as it is, text/csv: the API reads it with the same parser the page read its header with.
      body: csv as never,
      bodySerializer: (body: unknown) => body as string,
      headers: { 'Content-Type': 'text/csv', ...(requestId ? idempotencyHeaders(requestId) : {}) },
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { ok: false, problem: problemFrom(0, null), details: [] };
  }
  if (result.response.ok && result.data) return { ok: true, submission: result.data };
  const body: unknown = result.error;
  const details =
    typeof body === 'object' && body !== null && Array.isArray((body as { details?: unknown }).details)
      ? (body as { details: { field: string; message: string }[] }).details
      : [];
  return { ok: false, problem: problemOf(result), details };
}

export function fetchCampaignRun(api: Api, campaign: string) {
  return api.client.GET('/v1/campaigns/{campaign}/run', { params: { path: { campaign } } });
}

export const campaignRunQuery = (campaign: string) => ({
  queryKey: campaignRunKeys.one(campaign),
  queryFn: () => unwrap(fetchCampaignRun(browserApi(), campaign)),
  refetchInterval: LIVE_MS,
});

export const campaignTimelineQuery = (campaign: string) => ({
  queryKey: campaignRunKeys.timeline(campaign),
  queryFn: () => unwrap(browserApi().client.GET('/v1/campaigns/{campaign}/timeline', { params: { path: { campaign } } })),
  refetchInterval: LIVE_MS,
});

export function actOnCampaign(id: string, action: CampaignAction, requestId: string) {
  const options = { params: { path: { id } }, headers: idempotencyHeaders(requestId) };
  const client = browserApi().client;
  return unwrap(
    action === 'pause'
      ? client.POST('/v1/campaigns/{id}/pause', options)
      : action === 'resume'
        ? client.POST('/v1/campaigns/{id}/resume', options)
        : client.POST('/v1/campaigns/{id}/cancel', options),
  );
}

/** Where the browser downloads the campaign's rows (the inbox forwards `/v1/*` to the API with the session). */
export function campaignExportHref(campaign: string): string {
  return `/v1/campaigns/${encodeURIComponent(campaign)}/export`;
}

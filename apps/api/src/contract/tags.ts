import type { TagSpec } from './api-operation.decorator.js';

/** The groups of /docs, in the order it shows them. */
export const TAGS = {
  outbox: { name: 'outbox', description: 'Enqueue messages keyed by the business event; read them, their audit trail, and resolve stuck ones.' },
  campaigns: { name: 'campaigns', description: 'Messages grouped by their `campaign` tag: counts by state, failures by code, and the replies they got.' },
  conversations: { name: 'conversations', description: 'Threads of both directions per business number and contact, and agent replies.' },
  inbound: { name: 'inbound', description: 'Messages customers sent, and where each belongs (an outbound message, a conversation, or unattributed).' },
  templates: { name: 'templates', description: "The registry of Meta's message templates: template sends are checked against it before they are queued." },
  workItems: { name: 'work items', description: 'Queues of things a person must look at, each with what they need to decide.' },
  numbers: { name: 'numbers', description: 'Business numbers whose sending is paused, and resuming them.' },
  webhooks: { name: 'webhooks', description: "Meta's webhook endpoint (signed with the app secret, no API key) and the replay of stored deliveries." },
  auth: { name: 'auth', description: 'Staff sign-in: sessions (an HTTP-only cookie), invites and password resets, and your own profile.' },
  staff: { name: 'staff', description: 'Staff accounts, for admins: invite, change roles, deactivate, reset passwords.' },
  apiKeys: { name: 'api keys', description: 'Integrator API keys, for admins: scoped, named, listed and revoked.' },
  eventEndpoints: {
    name: 'event endpoints',
    description: 'Signed events pushed to integrators (Standard Webhooks), for admins: endpoints, their deliveries, replay and recover.',
  },
  reports: { name: 'reports', description: 'Figures per agent and per team, per day and over a period, from the audit trail, for admins.' },
  events: { name: 'events', description: 'The live feed of changes as server-sent events.' },
  metrics: { name: 'metrics', description: 'Queue-health figures as JSON (API key) and in Prometheus text format.' },
  system: { name: 'system', description: 'What runs in the background, for admins: queues, jobs, periodic tasks and their latest runs.' },
  health: { name: 'health', description: 'Probes for orchestrators; no API key.' },
  docs: { name: 'docs', description: 'This document and its viewer; no API key.' },
} as const satisfies Record<string, TagSpec>;

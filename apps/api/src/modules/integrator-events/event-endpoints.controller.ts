import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { CreateEventEndpointDto, DeliveriesQueryDto, RecoverEventsDto, RotateSecretDto, UpdateEventEndpointDto } from './dto/event-endpoint.dto.js';
import { EventEndpointsService } from './event-endpoints.service.js';
import {
  EventDeliveryList,
  EventEndpointCreated,
  EventEndpointList,
  OneEventDelivery,
  OneEventEndpoint,
  RecoverResult,
  SecretRotated,
} from './integrator-events.schemas.js';

@ApiTag(TAGS.eventEndpoints)
@Controller('v1/event-endpoints')
@Access('admin')
export class EventEndpointsController {
  constructor(private readonly endpoints: EventEndpointsService) {}

  @Get()
  @ApiOperation({
    id: 'listEventEndpoints',
    summary: 'Every event endpoint, newest first',
    responses: { 200: { description: 'The endpoints.', body: EventEndpointList } },
  })
  list() {
    return this.endpoints.list();
  }

  @Post()
  @ApiOperation({
    id: 'createEventEndpoint',
    summary: 'Register an event endpoint',
    description:
      'Sendbook POSTs each event of the chosen types (narrowed by `filter`) to the URL, signed the Standard Webhooks way with the secret in this answer (shown once), at most `rate_per_second` a second. Loopback and private addresses are refused unless EVENT_ENDPOINTS_ALLOW_PRIVATE=true.',
    errors: { 400: 'ValidationFailed' },
    responses: { 201: { description: 'Registered.', body: EventEndpointCreated } },
  })
  create(@Body() dto: CreateEventEndpointDto, @CurrentPrincipal() by: Principal) {
    return this.endpoints.create(dto, by);
  }

  @Patch(':id')
  @ApiOperation({
    id: 'updateEventEndpoint',
    summary: 'Change, disable or enable an event endpoint',
    description:
      'Enabling resumes what it was owed and resolves the alert raised when Sendbook disabled it. `filter` replaces the whole filter (null: every event of its types); a changed filter applies to events from then on.',
    params: { id: 'event endpoint id' },
    errors: { 400: 'ValidationFailed', 404: 'NotFound' },
    responses: { 200: { description: 'The endpoint.', body: OneEventEndpoint } },
  })
  update(@Param('id') id: string, @Body() dto: UpdateEventEndpointDto, @CurrentPrincipal() by: Principal) {
    return this.endpoints.update(id, dto, by);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    id: 'rotateEventEndpointSecret',
    summary: 'Give an event endpoint a new signing secret, keeping the old one a while',
    description:
      'The new secret is in this answer, shown once. Until `previous_secret_expires_at` every POST carries a `v1,` signature for each secret, space-separated, so a receiver verifies with the old secret or the new one while it moves over; then only the new one signs. A rotation during an overlap keeps the earlier old secret until its own expiry too (at most two old ones); `keep_old_for_hours: 0` ends every old secret at once. Audited.',
    params: { id: 'event endpoint id' },
    errors: { 400: 'ValidationFailed', 404: 'NotFound', 409: 'InvalidStateTransition' },
    responses: { 200: { description: 'Rotated.', body: SecretRotated } },
  })
  rotateSecret(@Param('id') id: string, @Body() dto: RotateSecretDto, @CurrentPrincipal() by: Principal) {
    return this.endpoints.rotateSecret(id, dto, by);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    id: 'deleteEventEndpoint',
    summary: 'Delete an event endpoint and what it was owed',
    params: { id: 'event endpoint id' },
    errors: { 404: 'NotFound' },
    responses: { 204: { description: 'Deleted.' } },
  })
  async delete(@Param('id') id: string, @CurrentPrincipal() by: Principal): Promise<void> {
    await this.endpoints.delete(id, by);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    id: 'listEventDeliveries',
    summary: "An endpoint's deliveries, newest event first, with their last attempts",
    params: { id: 'event endpoint id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The deliveries.', body: EventDeliveryList } },
  })
  deliveries(@Param('id') id: string, @Query() query: DeliveriesQueryDto) {
    return this.endpoints.listDeliveries(id, query);
  }

  @Post(':id/deliveries/:delivery_id/replay')
  @HttpCode(200)
  @ApiOperation({
    id: 'replayEventDelivery',
    summary: 'Send one event to the endpoint again',
    description: 'Whatever became of it before; the event id is the same, so the receiver dedupes.',
    params: { id: 'event endpoint id', delivery_id: 'delivery id' },
    errors: { 404: 'NotFound', 409: 'InvalidStateTransition' },
    responses: { 200: { description: 'Owed again.', body: OneEventDelivery } },
  })
  replay(@Param('id') id: string, @Param('delivery_id') deliveryId: string, @CurrentPrincipal() by: Principal) {
    return this.endpoints.replay(id, deliveryId, by);
  }

  @Post(':id/recover')
  @HttpCode(200)
  @ApiOperation({
    id: 'recoverEventEndpoint',
    summary: 'Send again every event since a time that the endpoint did not receive',
    description: 'Given-up deliveries, and events it never got while disabled; delivered ones are not sent again.',
    params: { id: 'event endpoint id' },
    errors: { 400: 'ValidationFailed', 404: 'NotFound' },
    responses: { 200: { description: 'Owed again.', body: RecoverResult } },
  })
  recover(@Param('id') id: string, @Body() dto: RecoverEventsDto, @CurrentPrincipal() by: Principal) {
    return this.endpoints.recover(id, dto.since, by);
  }
}

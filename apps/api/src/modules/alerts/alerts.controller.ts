import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { AlertsService } from './alerts.service.js';
import { OneAlert } from './alerts.schemas.js';

class ResolveAlertDto {
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;
}

/** Open alerts are listed at GET /v1/work-items?kind=alert; a person resolves them here. */
@ApiTag(TAGS.workItems)
@Controller('v1/alerts')
@Access('admin')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Post(':id/resolve')
  @HttpCode(200)
  @ApiOperation({
    id: 'resolveAlert',
    summary: 'Resolve an open alert',
    description: 'Who and when are kept with the note; the alert leaves `GET /v1/work-items?kind=alert`.',
    params: { id: 'alert id' },
    errors: { 404: 'NotFound', 409: 'InvalidStateTransition' },
    responses: { 200: { description: 'The resolved alert.', body: OneAlert } },
  })
  resolve(@Param('id') id: string, @Body() dto: ResolveAlertDto, @CurrentPrincipal() by: Principal) {
    return this.alerts.resolveById(id, actorOf(by), dto.note ?? null);
  }
}

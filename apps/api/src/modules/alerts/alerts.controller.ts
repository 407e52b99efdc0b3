import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { AlertsService } from './alerts.service.js';

class ResolveAlertDto {
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;
}

/** Open alerts are listed at GET /v1/work-items?kind=alert; a person resolves them here. */
@Controller('v1/alerts')
@UseGuards(ApiKeyGuard)
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Post(':id/resolve')
  @HttpCode(200)
  resolve(@Param('id') id: string, @Body() dto: ResolveAlertDto) {
    return this.alerts.resolveById(id, 'admin:api', dto.note ?? null);
  }
}

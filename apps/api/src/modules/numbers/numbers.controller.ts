import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { NumbersService } from './numbers.service.js';

@Controller('v1')
@UseGuards(ApiKeyGuard)
export class NumbersController {
  constructor(private readonly numbers: NumbersService) {}

  @Get('numbers')
  list() {
    return this.numbers.numbers();
  }

  @Get('pauses')
  pauses() {
    return this.numbers.pausesInForce();
  }

  @Post('numbers/:id/resume')
  @HttpCode(200)
  resume(@Param('id') phoneNumberId: string) {
    return this.numbers.resume(phoneNumberId, 'admin:api');
  }
}

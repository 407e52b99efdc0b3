import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { digits } from '../../contract/schema.js';
import { NumberNoteDto, PauseNumberDto } from './dto/number-note.dto.js';
import { NumberList, Paused, PauseList, ProfilesSynced, Resumed } from './numbers.schemas.js';
import { NumbersService } from './numbers.service.js';

@ApiTag(TAGS.numbers)
@Controller('v1')
@Access('admin')
export class NumbersController {
  constructor(private readonly numbers: NumbersService) {}

  @Get('numbers')
  @ApiOperation({
    id: 'listNumbers',
    summary: 'Every business number we know of, with its sending state',
    description: 'Configured, seen in webhooks, or with rows waiting: its rate, messaging limit and usage, pauses and open rows.',
    responses: { 200: { description: 'The numbers, by id.', body: NumberList } },
  })
  list() {
    return this.numbers.numbers();
  }

  @Post('numbers/sync')
  @HttpCode(200)
  @ApiOperation({
    id: 'syncNumberProfiles',
    summary: "Read every number's profile from Meta now",
    description:
      'Verified name, quality rating and throughput level from `GET /<phone_number_id>`; workers also read them on boot and every `NUMBER_PROFILE_SYNC_INTERVAL_MS`.',
    responses: { 200: { description: 'Which numbers were read, and which failed and why.', body: ProfilesSynced } },
  })
  sync(@CurrentPrincipal() by: Principal) {
    return this.numbers.syncProfiles(actorOf(by));
  }

  @Get('pauses')
  @ApiOperation({ id: 'listPauses', summary: 'Active sending pauses', responses: { 200: { description: 'The pauses not yet resumed.', body: PauseList } } })
  pauses() {
    return this.numbers.pausesInForce();
  }

  @Post('numbers/:id/resume')
  @HttpCode(200)
  @ApiOperation({
    id: 'resumeNumber',
    summary: 'Resume sending for a number',
    description: 'Ends the pauses of this number and any account-wide pause, then re-enqueues what waited (each sent once).',
    params: { id: { description: 'phone_number_id', schema: digits('phone_number_id') } },
    errors: { 400: 'ValidationFailed' },
    responses: { 200: { description: 'Resumed.', body: Resumed } },
  })
  resume(@Param('id') phoneNumberId: string, @Body() dto: NumberNoteDto, @CurrentPrincipal() by: Principal) {
    return this.numbers.resume(phoneNumberId, actorOf(by), dto.note ?? null);
  }

  @Post('numbers/:id/pause')
  @HttpCode(200)
  @ApiOperation({
    id: 'pauseNumber',
    summary: 'Pause sending from a number, by hand',
    description: 'Queued messages wait (nothing fails) until someone resumes it; audited with the note.',
    params: { id: { description: 'phone_number_id', schema: digits('phone_number_id') } },
    errors: { 400: 'ValidationFailed' },
    responses: { 200: { description: 'Paused (`paused: false` when it already was).', body: Paused } },
  })
  pause(@Param('id') phoneNumberId: string, @Body() dto: PauseNumberDto, @CurrentPrincipal() by: Principal) {
    return this.numbers.pause(phoneNumberId, dto.note, actorOf(by));
  }
}

import { Controller, Get } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { Team } from './staff.schemas.js';
import { StaffService } from './staff.service.js';

/** Who a thread can be handed to: every agent sees the active team, names and roles only. */
@ApiTag(TAGS.staff)
@Controller('v1/team')
@Access('agent')
export class TeamController {
  constructor(private readonly staff: StaffService) {}

  @Get()
  @ApiOperation({
    id: 'listTeam',
    summary: 'The active staff, for assigning conversations',
    responses: { 200: { description: 'Active members, by name.', body: Team } },
  })
  list() {
    return this.staff.team();
  }
}

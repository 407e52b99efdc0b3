import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { arrayOf, object, oneOfValues, str, uuid } from '../../contract/schema.js';
import { TAGS } from '../../contract/tags.js';
import { CreateTeamDto, UpdateTeamDto } from './dto/team.dto.js';
import { OneTeam, TeamList } from './teams.schemas.js';
import { TeamsService } from './teams.service.js';

const TAKEN = {
  description:
    'Another team has this name (`team_exists`), or a number is routed to another team already (`number_routed`: `field` names it, `routed` says which team holds it).',
  body: object(
    {
      error: oneOfValues(['team_exists', 'number_routed']),
      message: str(),
      field: str({ description: '`phone_number_ids[i]`, the first number routed elsewhere' }),
      routed: arrayOf(object({ phone_number_id: str(), team_id: uuid(), team_name: str() })),
    },
    { optional: ['field', 'routed'] },
  ),
};

/** Teams and the business numbers routed to them: agents read them; admins manage them. */
@ApiTag(TAGS.staff)
@Controller('v1/teams')
@Access('admin')
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @Get()
  @Access('agent')
  @ApiOperation({
    id: 'listTeams',
    summary: 'Every team, by name',
    responses: { 200: { description: 'The teams with their members, numbers and settings.', body: TeamList } },
  })
  list() {
    return this.teams.list();
  }

  @Get(':id')
  @Access('agent')
  @ApiOperation({
    id: 'getTeam',
    summary: 'One team',
    params: { id: 'team id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The team.', body: OneTeam } },
  })
  show(@Param('id') id: string) {
    return this.teams.show(id);
  }

  @Post()
  @ApiOperation({
    id: 'createTeam',
    summary: 'Make a team',
    description:
      'Members must be active staff (400 naming `member_ids[i]`); business hours are checked and normalised (400 naming e.g. `business_hours.weekly.mon[0]`). A number routed to another team is refused with 409 `number_routed`. Defaults: `manual` assignment, `max_open` 10, no targets, always open.',
    responses: { 201: { description: 'Made.', body: OneTeam }, 409: TAKEN },
  })
  create(@Body() dto: CreateTeamDto, @CurrentPrincipal() by: Principal) {
    return this.teams.create(dto, by);
  }

  @Patch(':id')
  @ApiOperation({
    id: 'updateTeam',
    summary: 'Change a team',
    description: 'What is given changes; `member_ids` and `phone_number_ids` replace the lists; a target or `business_hours` set to null removes it.',
    params: { id: 'team id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The team.', body: OneTeam }, 409: TAKEN },
  })
  update(@Param('id') id: string, @Body() dto: UpdateTeamDto, @CurrentPrincipal() by: Principal) {
    return this.teams.update(id, dto, by);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    id: 'deleteTeam',
    summary: 'Delete a team',
    description: 'Its numbers are routed to no team afterwards.',
    params: { id: 'team id' },
    errors: { 404: 'NotFound' },
    responses: { 204: { description: 'Deleted.' } },
  })
  async delete(@Param('id') id: string, @CurrentPrincipal() by: Principal): Promise<void> {
    await this.teams.delete(id, by);
  }
}

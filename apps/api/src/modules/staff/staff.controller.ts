import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { plainError } from '../../contract/shared-responses.js';
import { TAGS } from '../../contract/tags.js';
import { CreateStaffDto, UpdateStaffDto } from './dto/staff.dto.js';
import { InviteLink, OneStaff, StaffCreated, StaffList } from './staff.schemas.js';
import { StaffService } from './staff.service.js';

const ID = { id: 'staff member id' };

@ApiTag(TAGS.staff)
@Controller('v1/staff')
@Access('admin')
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Get()
  @ApiOperation({ id: 'listStaff', summary: 'Every staff member, active first', responses: { 200: { description: 'The staff.', body: StaffList } } })
  list() {
    return this.staff.list();
  }

  @Post()
  @ApiOperation({
    id: 'createStaff',
    summary: 'Add a staff member',
    description:
      'With a `password`, they can sign in with it at once; without one, the answer carries a one-time `invite_url` (shown once) where they choose their own.',
    responses: {
      201: { description: 'Added.', body: StaffCreated },
      409: { description: 'The email is already a staff member.', body: plainError('staff_exists') },
    },
  })
  create(@Body() dto: CreateStaffDto, @CurrentPrincipal() by: Principal) {
    return this.staff.create(dto, by);
  }

  @Get(':id')
  @ApiOperation({
    id: 'getStaff',
    summary: 'One staff member',
    params: ID,
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The member.', body: OneStaff } },
  })
  show(@Param('id') id: string) {
    return this.staff.show(id);
  }

  @Patch(':id')
  @ApiOperation({
    id: 'updateStaff',
    summary: 'Rename, change the role of, deactivate or reactivate a staff member',
    description: 'Deactivation ends every session of theirs at once. The last active admin cannot be deactivated or made an agent (`409 last_admin`).',
    params: ID,
    errors: { 404: 'NotFound' },
    responses: {
      200: { description: 'The member after the change.', body: OneStaff },
      409: { description: 'It would leave no active admin.', body: plainError('last_admin') },
    },
  })
  update(@Param('id') id: string, @Body() dto: UpdateStaffDto, @CurrentPrincipal() by: Principal) {
    return this.staff.update(id, dto, by);
  }

  @Post(':id/reset-password')
  @HttpCode(200)
  @ApiOperation({
    id: 'resetStaffPassword',
    summary: "Reset a staff member's password",
    description:
      'Their password stops working and their sessions end; the answer carries a one-time link (shown once) where they choose a new one. For someone invited who has not chosen a password yet, this resends the invite: a new link, the old one stops working. Never the last admin who can sign in (`409 last_admin`).',
    params: ID,
    errors: { 404: 'NotFound' },
    responses: {
      200: { description: 'The link to pass on.', body: InviteLink },
      409: { description: 'It would leave no admin who can sign in.', body: plainError('last_admin') },
    },
  })
  resetPassword(@Param('id') id: string, @CurrentPrincipal() by: Principal) {
    return this.staff.resetPassword(id, by);
  }
}

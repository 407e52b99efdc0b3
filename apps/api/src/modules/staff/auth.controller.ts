import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { HttpReply, HttpRequest } from '../../common/http/http-types.js';
import { Public, SessionOnly } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { int, object, oneOfValues, str } from '../../contract/schema.js';
import { plainError } from '../../contract/shared-responses.js';
import { TAGS } from '../../contract/tags.js';
import { AuthService } from './auth.service.js';
import { AcceptInviteDto, ChangePasswordDto, LoginDto, UpdateProfileDto } from './dto/staff.dto.js';
import { clearSessionCookie, clientOf, setSessionCookie } from './session-cookie.js';
import { InviteInfo, InviteProblem, Me, OneStaff } from './staff.schemas.js';

const Throttled = object({ error: oneOfValues(['too_many_attempts']), message: str(), retry_after_seconds: int({ minimum: 1 }) });
const INVITE = { token: { description: 'the one-time token of the invite or reset link', schema: str({ minLength: 20, maxLength: 100 }) } };

@ApiTag(TAGS.auth)
@Controller('v1/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    id: 'login',
    summary: 'Sign in to the inbox',
    description:
      'Sets the HTTP-only session cookie `sendbook_session`. Unknown email and wrong password answer alike; repeated failures per account and per address are throttled.',
    responses: {
      200: { description: 'Signed in.', body: OneStaff },
      401: { description: 'Wrong email or password (the same for an unknown email).', body: plainError('invalid_credentials') },
      429: { description: 'Too many failed attempts; `Retry-After` says when to try again.', body: Throttled },
    },
  })
  async login(@Body() dto: LoginDto, @Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply) {
    const { body, session } = await this.auth.login(dto.email, dto.password, clientOf(req));
    setSessionCookie(req, res, session, this.config);
    return body;
  }

  @Post('logout')
  @HttpCode(204)
  @SessionOnly()
  @ApiOperation({
    id: 'logout',
    summary: 'Sign out, everywhere',
    description: 'Ends every session of the signed-in person and closes their live streams.',
    responses: { 204: { description: 'Signed out.' } },
  })
  async logout(@CurrentPrincipal() principal: Principal, @Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply): Promise<void> {
    await this.auth.logout(principal);
    clearSessionCookie(req, res, this.config);
  }

  @Get('me')
  @SessionOnly()
  @ApiOperation({
    id: 'me',
    summary: 'The signed-in staff member',
    description: 'Who you are, and your own notification settings.',
    responses: { 200: { description: 'Who you are.', body: Me } },
  })
  me(@CurrentPrincipal() principal: Principal) {
    return this.auth.me(principal);
  }

  @Patch('me')
  @SessionOnly()
  @ApiOperation({
    id: 'updateMe',
    summary: 'Change your own name or notification settings',
    description: '`name`, and `notifications` (`sound`, `browser`, `views`): each optional; a setting left out keeps its value. Answers as `GET /v1/auth/me`.',
    responses: { 200: { description: 'Your profile.', body: Me } },
  })
  updateMe(@CurrentPrincipal() principal: Principal, @Body() dto: UpdateProfileDto) {
    return this.auth.updateProfile(principal, dto);
  }

  @Post('password')
  @HttpCode(204)
  @SessionOnly()
  @ApiOperation({
    id: 'changePassword',
    summary: 'Change your own password',
    description: 'Needs the current one.',
    responses: { 204: { description: 'Changed.' } },
  })
  async changePassword(@CurrentPrincipal() principal: Principal, @Body() dto: ChangePasswordDto): Promise<void> {
    await this.auth.changePassword(principal, dto);
  }

  @Get('invites/:token')
  @Public()
  @ApiOperation({
    id: 'getInvite',
    summary: 'Who an invite or reset link is for',
    params: INVITE,
    responses: {
      200: { description: 'The invited person.', body: InviteInfo },
      410: { description: 'Used, expired, unknown, or for a deactivated person: `reason` says which.', body: InviteProblem },
    },
  })
  invite(@Param('token') token: string) {
    return this.auth.invite(token);
  }

  @Post('invites/:token')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    id: 'acceptInvite',
    summary: 'Set your password from an invite or reset link, and sign in',
    params: INVITE,
    responses: {
      200: { description: 'Password set; signed in (session cookie).', body: OneStaff },
      410: { description: 'Used, expired, unknown, or for a deactivated person: `reason` says which.', body: InviteProblem },
    },
  })
  async acceptInvite(@Param('token') token: string, @Body() dto: AcceptInviteDto, @Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply) {
    const { body, session } = await this.auth.acceptInvite(token, dto.password, clientOf(req));
    setSessionCookie(req, res, session, this.config);
    return body;
  }
}

import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { ApiKeyService } from './api-key.service.js';
import { ApiKeyCreated, ApiKeyList, OneApiKey } from './api-keys.schemas.js';
import { CreateApiKeyDto } from './dto/create-api-key.dto.js';
import { UpdateApiKeyDto } from './dto/update-api-key.dto.js';

@ApiTag(TAGS.apiKeys)
@Controller('v1/api-keys')
@Access('admin')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeyService) {}

  @Get()
  @ApiOperation({
    id: 'listApiKeys',
    summary: 'Every API key, newest first, revoked ones too',
    responses: { 200: { description: 'The keys.', body: ApiKeyList } },
  })
  list() {
    return this.keys.list();
  }

  @Post()
  @ApiOperation({
    id: 'createApiKey',
    summary: 'Create an API key',
    description: 'The key is in this answer only; Sendbook keeps its hash.',
    responses: { 201: { description: 'Created.', body: ApiKeyCreated } },
  })
  create(@Body() dto: CreateApiKeyDto, @CurrentPrincipal() by: Principal) {
    return this.keys.create(dto.name.trim(), dto.scopes, by, dto.expires_at ? new Date(dto.expires_at) : null, dto.integration?.trim() || dto.name.trim(), dto);
  }

  @Patch(':id')
  @ApiOperation({
    id: 'updateApiKeyLimits',
    summary: "Change an API key's limits",
    description: 'The limits given are set (null lifts one), the others stay; in force on every API instance within a second.',
    params: { id: 'API key id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The key with its limits.', body: OneApiKey } },
  })
  update(@Param('id') id: string, @Body() dto: UpdateApiKeyDto, @CurrentPrincipal() by: Principal) {
    return this.keys.updateLimits(id, dto, by);
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOperation({
    id: 'revokeApiKey',
    summary: 'Revoke an API key',
    description: 'Refused from the next request on, by every API instance within a second; its open live streams close.',
    params: { id: 'API key id' },
    errors: { 404: 'NotFound', 409: 'InvalidStateTransition' },
    responses: { 200: { description: 'Revoked.', body: OneApiKey } },
  })
  revoke(@Param('id') id: string, @CurrentPrincipal() by: Principal) {
    return this.keys.revoke(id, by);
  }
}

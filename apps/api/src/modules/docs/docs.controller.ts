import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { HttpReply } from '../../common/http/http-types.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { anyObject, object, oneOfValues, str } from '../../contract/schema.js';
import { plainError } from '../../contract/shared-responses.js';
import { TAGS } from '../../contract/tags.js';
import { SWAGGER_UI_ASSETS, swaggerUiAsset, swaggerUiPage } from './swagger-ui.js';
import { Public } from '../../common/auth/access.decorator.js';

/**
 * The committed contract (libs/api-contract/openapi.json), generated from this code and checked for
 * drift by `npm test`. Read on first use: the generator imports this module before the file exists.
 */
let document: string | undefined;
const committedDocument = () => (document ??= readFileSync(createRequire(import.meta.url).resolve('@sendbook/api-contract/openapi.json'), 'utf8'));

/** The API's own documentation. Open on purpose: no API key, like the health probes. */
@ApiTag(TAGS.docs)
@Public()
@Controller()
export class DocsController {
  @Get('openapi.json')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({
    id: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document',
    responses: {
      200: {
        description: 'The document.',
        body: object({ openapi: oneOfValues(['3.1.0']), info: anyObject(), paths: anyObject(), components: anyObject() }, { open: true }),
      },
    },
  })
  openapi(): string {
    return committedDocument();
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  @ApiOperation({
    id: 'getDocsPage',
    summary: 'Swagger UI for this document',
    description: 'Served from the installed `swagger-ui-dist`; nothing is loaded from the internet.',
    responses: { 200: { description: 'The page.', body: str(), contentType: 'text/html' } },
  })
  page(): string {
    return swaggerUiPage();
  }

  @Get('docs/assets/:file')
  @ApiOperation({
    id: 'getDocsAsset',
    summary: 'A Swagger UI file',
    params: { file: { description: 'one of the Swagger UI files', schema: oneOfValues(Object.keys(SWAGGER_UI_ASSETS)) } },
    responses: {
      200: { description: 'The file (CSS, JavaScript or PNG).', body: str(), contentType: ['text/css', 'text/javascript', 'image/png'] },
      404: { description: 'Not one of the Swagger UI files.', body: plainError('not_found') },
    },
  })
  async asset(@Param('file') file: string, @Res() res: HttpReply): Promise<void> {
    const asset = await swaggerUiAsset(file);
    if (!asset) throw DomainError.notFound(`docs asset ${file}`);
    res.status(200).type(asset.contentType).header('cache-control', 'public, max-age=3600');
    res.send(asset.body);
  }
}

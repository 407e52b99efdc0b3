import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../../common/errors/domain-error.js';
import { buildOpenApiDocument } from './openapi.document.js';
import { swaggerUiAsset, swaggerUiPage } from './swagger-ui.js';

/** The API's own documentation. Open on purpose: no API key, like the health probes. */
@Controller()
export class DocsController {
  private readonly document = JSON.stringify(buildOpenApiDocument());

  @Get('openapi.json')
  @Header('content-type', 'application/json; charset=utf-8')
  openapi(): string {
    return this.document;
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  page(): string {
    return swaggerUiPage();
  }

  @Get('docs/assets/:file')
  async asset(@Param('file') file: string, @Res() res: Response): Promise<void> {
    const asset = await swaggerUiAsset(file);
    if (!asset) throw DomainError.notFound(`docs asset ${file}`);
    res.status(200).type(asset.contentType).setHeader('cache-control', 'public, max-age=3600');
    res.send(asset.body);
  }
}

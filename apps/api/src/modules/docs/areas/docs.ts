import type { ApiArea } from '../openapi-types.js';
import { SWAGGER_UI_ASSETS } from '../swagger-ui.js';
import { anyObject, json, object, oneOfValues, str, text } from '../schema.js';

export const docsArea: ApiArea = {
  tag: { name: 'docs', description: 'This document and its viewer; no API key.' },
  paths: {
    '/openapi.json': {
      get: {
        operationId: 'getOpenApiDocument',
        tags: ['docs'],
        summary: 'This OpenAPI 3.1 document',
        security: [],
        responses: { '200': json(object({ openapi: oneOfValues(['3.1.0']), info: anyObject, paths: anyObject, components: anyObject }, { open: true }), 'The document.') },
      },
    },
    '/docs': {
      get: {
        operationId: 'getDocsPage',
        tags: ['docs'],
        summary: 'Swagger UI for this document',
        description: 'Served from the installed `swagger-ui-dist`; nothing is loaded from the internet.',
        security: [],
        responses: { '200': text('text/html', 'The page.') },
      },
    },
    '/docs/assets/{file}': {
      get: {
        operationId: 'getDocsAsset',
        tags: ['docs'],
        summary: 'A Swagger UI file',
        security: [],
        parameters: [{ name: 'file', in: 'path', required: true, schema: oneOfValues(Object.keys(SWAGGER_UI_ASSETS)) }],
        responses: {
          '200': { description: 'The file (CSS, JavaScript or PNG).', content: { 'text/css': { schema: str() }, 'text/javascript': { schema: str() }, 'image/png': { schema: str({ contentMediaType: 'image/png' }) } } },
          '404': json(object({ error: oneOfValues(['not_found']), message: str() }), 'Not one of the Swagger UI files.'),
        },
      },
    },
  },
};

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Swagger UI from the installed swagger-ui-dist, never from a CDN. `absolute-path.js` is the
 * package's getAbsoluteFSPath(); requiring it alone avoids loading the 1 MB browser bundle into Node.
 */
const getAbsoluteFSPath = createRequire(import.meta.url)('swagger-ui-dist/absolute-path.js') as () => string;

/** The only files served from the package, with their content types. */
export const SWAGGER_UI_ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const cache = new Map<string, Buffer>();

/** The asset's bytes, or null for a name not in the allow-list (so no path ever leaves the package). */
export async function swaggerUiAsset(name: string): Promise<{ body: Buffer; contentType: string } | null> {
  const contentType = SWAGGER_UI_ASSETS[name];
  if (!contentType || !Object.hasOwn(SWAGGER_UI_ASSETS, name)) return null;
  let body = cache.get(name);
  if (!body) {
    body = await readFile(path.join(getAbsoluteFSPath(), name));
    cache.set(name, body);
  }
  return { body, contentType };
}

/** The page at /docs. `validatorUrl: null` keeps Swagger UI from calling its online validator. */
export function swaggerUiPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Sendbook API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: '/openapi.json',
      dom_id: '#swagger-ui',
      deepLinking: true,
      validatorUrl: null,
      presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
      layout: 'StandaloneLayout',
    });
  </script>
</body>
</html>
`;
}

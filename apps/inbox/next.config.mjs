// Next's anonymous telemetry would call telemetry.nextjs.org from every build and server: the inbox
// reaches nothing outside localhost. Read after this file loads, so setting it here is enough.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Next's gzip buffers a response until it has enough to compress, which holds back server-sent
  // events (app/v1/events/route.ts). Put compression in a proxy in front if you need it.
  compress: false,
  // Type-checking is done by the workspace's own `tsc -p apps/inbox` (TypeScript 7), not by Next's build.
  typescript: { ignoreBuildErrors: true },
  // Served next to the API on one machine; no image optimisation service or remote assets.
  images: { unoptimized: true },
  devIndicators: false,
  // `npm start` (dev mode) may be opened as localhost or 127.0.0.1: both get hot reload.
  allowedDevOrigins: ['localhost', '127.0.0.1'],
  // No rewrites for /v1: they are compiled into the build (routes-manifest.json), and the API's
  // address (API_URL) is read when the server starts. app/v1/[...path]/route.ts forwards instead.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Referrer-Policy', value: 'same-origin' },
          // The microphone for voice notes, on this origin only; nothing else a page could ask for.
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(self), geolocation=(), payment=(), usb=()' },
        ],
      },
    ];
  },
};

export default nextConfig;

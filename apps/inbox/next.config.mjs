/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Type-checking is done by the workspace's own `tsc -b` (TypeScript 7), not by Next's build.
  typescript: { ignoreBuildErrors: true },
  // Served next to the API on one machine; no image optimisation service or remote assets.
  images: { unoptimized: true },
  devIndicators: false,
};

export default nextConfig;

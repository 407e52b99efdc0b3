import type { Metadata, Viewport } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { Providers } from '../components/providers';
import { TIME_ZONE_COOKIE } from '../lib/session';
import { safeTimeZone } from '../lib/time';
import './globals.css';

export const metadata: Metadata = {
  title: { template: '%s · Sendbook', default: 'Sendbook inbox' },
  description: 'Answer your WhatsApp customers.',
  robots: { index: false, follow: false },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f6f6f7' },
    { media: '(prefers-color-scheme: dark)', color: '#0e0f11' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const timeZone = safeTimeZone(decode((await cookies()).get(TIME_ZONE_COOKIE)?.value));
  return (
    <html lang="en">
      <body>
        <Providers now={Date.now()} timeZone={timeZone}>
          {children}
        </Providers>
      </body>
    </html>
  );
}

function decode(value: string | undefined): string | undefined {
  try {
    return value === undefined ? undefined : decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

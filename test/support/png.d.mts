export function pngBytes(width?: number, height?: number, options?: { padTo?: number; noise?: boolean }): Buffer;

/**
 * A browser's recording (WebM/Opus in Chromium) as OGG/Opus, the one voice format WhatsApp plays
 * as a voice note: the Opus packets are copied into Ogg pages, never decoded or re-encoded.
 * Loaded on first use: the library is only needed by agents who record.
 */
export async function remuxToOgg(recording: Blob): Promise<Blob> {
  if (/^audio\/ogg/i.test(recording.type)) return recording;
  const { ALL_FORMATS, BlobSource, BufferTarget, Conversion, Input, OggOutputFormat, Output } = await import('mediabunny');
  const input = new Input({ source: new BlobSource(recording), formats: ALL_FORMATS });
  const output = new Output({ format: new OggOutputFormat(), target: new BufferTarget() });
  const conversion = await Conversion.init({ input, output, showWarnings: false });
  if (!conversion.isValid) throw new Error(`the recording could not be turned into OGG (${conversion.discardedTracks.map((t) => t.reason).join(', ')})`);
  await conversion.execute();
  return new Blob([output.target.buffer!], { type: 'audio/ogg' });
}

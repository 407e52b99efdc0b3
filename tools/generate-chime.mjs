// Writes the inbox's new-message chime, apps/inbox/public/sounds/new-message.wav: two soft bell
// notes (A5 then E6, each a sine with a quiet octave and an exponential decay), 0.7 s, 22,050 Hz,
// 16-bit mono PCM. Deterministic, so running it again changes nothing; the file is committed and
// shipped with the inbox (nothing is fetched at run time). `node tools/generate-chime.mjs`
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 22_050;
const SECONDS = 0.7;
const PEAK = 0.32;
const NOTES = [
  { hz: 880, at: 0, decay: 7 },
  { hz: 1318.51, at: 0.12, decay: 5.5 },
];
const ATTACK = 0.006;

const length = Math.round(RATE * SECONDS);
const samples = new Float64Array(length);
for (const note of NOTES) {
  const start = Math.round(note.at * RATE);
  for (let i = start; i < length; i += 1) {
    const t = (i - start) / RATE;
    const envelope = Math.min(1, t / ATTACK) * Math.exp(-note.decay * t);
    const tone = Math.sin(2 * Math.PI * note.hz * t) + 0.25 * Math.sin(2 * Math.PI * note.hz * 2 * t) + 0.08 * Math.sin(2 * Math.PI * note.hz * 3 * t);
    samples[i] += envelope * tone;
  }
}
// The last 40 ms fade to silence, so the end never clicks.
const fade = Math.round(0.04 * RATE);
for (let i = 0; i < fade; i += 1) samples[length - 1 - i] *= i / fade;
const loudest = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);

const data = Buffer.alloc(length * 2);
for (let i = 0; i < length; i += 1) data.writeInt16LE(Math.round((samples[i] / loudest) * PEAK * 32_767), i * 2);
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16); // PCM format chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28); // bytes per second
header.writeUInt16LE(2, 32); // block align
header.writeUInt16LE(16, 34); // bits per sample
header.write('data', 36);
header.writeUInt32LE(data.length, 40);

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/inbox/public/sounds/new-message.wav');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, Buffer.concat([header, data]));
console.log(`wrote ${path.relative(process.cwd(), out)} (${header.length + data.length} bytes)`);

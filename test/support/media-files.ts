export { pngBytes } from './png.mjs';

/** A small, valid one-page PDF saying `text`. */
export function pdfBytes(text = 'Invoice 42'): Buffer {
  const stream = `BT /F1 18 Tf 40 60 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 120] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The first page of an Ogg/Opus stream (its OpusHead): enough for a type check. */
export function oggOpusBytes(): Buffer {
  const head = Buffer.concat([Buffer.from('OpusHead'), Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0])]);
  const page = Buffer.alloc(27);
  page.write('OggS', 0, 'ascii');
  page[5] = 0x02; // beginning of stream
  page[26] = 1;
  return Buffer.concat([page, Buffer.from([head.length]), head]);
}

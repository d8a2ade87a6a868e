// What a file really is, from its first bytes (its "magic number"), never from its name or the type the
// browser claimed: a text file renamed photo.png is refused.

const SIGNATURES: { contentType: string; bytes: number[] }[] = [
  { contentType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { contentType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  // xlsx is a zip archive; the bulk-upload reader checks what is inside.
  {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: [0x50, 0x4b, 0x03, 0x04],
  },
];

/** Bytes needed to decide. */
export const SNIFF_BYTES = 8;

/** True when the first bytes are those of `contentType`. */
export function contentMatches(head: Uint8Array, contentType: string): boolean {
  const signature = SIGNATURES.find((s) => s.contentType === contentType);
  return !!signature && signature.bytes.every((byte, i) => head[i] === byte);
}

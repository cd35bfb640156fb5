'use strict';
// A stand-in for @activepieces/piece-image-helper's two actions that pass a file between steps,
// with the names, props and outputs of Activepieces's piece, in plain JavaScript (no sharp):
// - resize_image takes an image (FILE), checks it is a PNG and writes, through ctx.files.write, a
//   PNG of the asked size (one colour: the first pixel's, when the input is an 8-bit RGB PNG
//   without filtering tricks; else grey) named `image.png`, and answers the URL files.write gave;
// - image_to_base64 takes an image (FILE) and answers `data:<mime of its extension>;base64,...`.
// write_text writes a text file (`fileName`, `text`) and answers its URL.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS piece, as npm pieces are
const { deflateSync, inflateSync } = require('node:zlib');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The chunks of a PNG, by type (IDAT ones joined). */
function readPng(buffer) {
  if (!Buffer.isBuffer(buffer) || !buffer.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw new Error('The image is not a PNG');
  }
  const chunks = { IDAT: [] };
  let offset = 8;
  while (offset + 8 <= buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IDAT') chunks.IDAT.push(data);
    else chunks[type] = data;
    offset += 12 + length;
  }
  const header = chunks.IHDR;
  if (!header) throw new Error('The PNG has no header');
  return {
    width: header.readUInt32BE(0),
    height: header.readUInt32BE(4),
    bitDepth: header[8],
    colorType: header[9],
    idat: Buffer.concat(chunks.IDAT),
  };
}

function firstPixel(png) {
  if (png.bitDepth !== 8 || png.colorType !== 2) return [128, 128, 128];
  const raw = inflateSync(png.idat);
  if (raw[0] !== 0) return [128, 128, 128];
  return [raw[1], raw[2], raw[3]];
}

/** An 8-bit RGB PNG of `width` x `height` pixels of one colour. */
function solidPng(width, height, [r, g, b]) {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const MIME_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain',
};

const resizeImage = {
  name: 'resize_image',
  displayName: 'Resize an image',
  description: 'Resizes an image',
  requireAuth: false,
  props: {
    image: { type: 'FILE', displayName: 'Image', required: true },
    width: { type: 'NUMBER', displayName: 'Width', required: true },
    height: { type: 'NUMBER', displayName: 'Height', required: true },
  },
  async run(ctx) {
    const { image, width, height } = ctx.propsValue;
    const png = readPng(image.data);
    const resized = solidPng(width, height, firstPixel(png));
    return ctx.files.write({ fileName: 'image.png', data: resized });
  },
};

const imageToBase64 = {
  name: 'image_to_base64',
  displayName: 'Image to Base64',
  description: 'Converts an image to an url-like Base64 string',
  requireAuth: false,
  props: {
    image: { type: 'FILE', displayName: 'Image', required: true },
    override_mime_type: { type: 'SHORT_TEXT', displayName: 'Override mime type', required: false },
  },
  async run(ctx) {
    const { image, override_mime_type: override } = ctx.propsValue;
    const mimeType = override || MIME_TYPES[image.extension] || 'image/png';
    return `data:${mimeType};base64,${image.base64}`;
  },
};

const writeText = {
  name: 'write_text',
  displayName: 'Write a text file',
  description: 'Writes a text file through ctx.files.write',
  requireAuth: false,
  props: {
    fileName: { type: 'SHORT_TEXT', displayName: 'File name', required: true },
    text: { type: 'LONG_TEXT', displayName: 'Text', required: true },
  },
  async run(ctx) {
    return ctx.files.write({ fileName: ctx.propsValue.fileName, data: Buffer.from(ctx.propsValue.text) });
  },
};

const readText = {
  name: 'read_text',
  displayName: 'Read a text file',
  description: 'Answers the name and text of a file',
  requireAuth: false,
  props: { file: { type: 'FILE', displayName: 'File', required: true } },
  async run(ctx) {
    const { file } = ctx.propsValue;
    return { filename: file.filename, extension: file.extension, text: file.data.toString('utf8') };
  },
};

module.exports = {
  imageHelper: {
    displayName: 'Image Helper (fixture)',
    description: 'Resizes images and converts them to base64',
    logoUrl: 'https://example.com/image-helper.svg',
    authors: ['fixtures'],
    auth: undefined,
    actions: () => ({
      resize_image: resizeImage,
      image_to_base64: imageToBase64,
      write_text: writeText,
      read_text: readText,
    }),
    triggers: () => ({}),
  },
  solidPng,
};

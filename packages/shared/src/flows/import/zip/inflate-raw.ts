/**
 * A small decoder of raw DEFLATE data (RFC 1951: stored, fixed and dynamic Huffman blocks), in
 * plain JavaScript so that `shared` runs the same in Node and in browsers, synchronously (the
 * flow import it serves is synchronous). Written for small inputs (code step sources): it reads
 * one bit at a time and builds no lookup tables.
 */

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
  227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
  6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
/** The order code length code lengths come in, in a dynamic block's header. */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const MAX_BITS = 15;

/** A canonical Huffman code: how many codes each length has, and the symbols in code order. */
interface Huffman {
  counts: Uint16Array;
  symbols: Uint16Array;
}

/** Why {@link inflateRaw} could not decode its input. */
export class InflateError extends Error {
  override readonly name = 'InflateError';
}

class BitReader {
  #byte = 0;
  #bit = 0;
  constructor(private readonly input: Uint8Array) {}

  bits(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++) {
      if (this.#byte >= this.input.length) throw new InflateError('the compressed data ends too early');
      value |= ((this.input[this.#byte]! >> this.#bit) & 1) << i;
      if (++this.#bit === 8) {
        this.#bit = 0;
        this.#byte++;
      }
    }
    return value;
  }

  /** Skips to the next byte boundary and returns the next `count` whole bytes. */
  bytes(count: number): Uint8Array {
    if (this.#bit !== 0) {
      this.#bit = 0;
      this.#byte++;
    }
    if (this.#byte + count > this.input.length) throw new InflateError('the compressed data ends too early');
    const out = this.input.subarray(this.#byte, this.#byte + count);
    this.#byte += count;
    return out;
  }
}

class Output {
  #buffer: Uint8Array;
  length = 0;
  constructor(
    expected: number,
    private readonly max: number,
  ) {
    this.#buffer = new Uint8Array(Math.max(64, Math.min(expected, max)));
  }

  push(byte: number): void {
    if (this.length === this.#buffer.length) this.#grow();
    this.#buffer[this.length++] = byte;
  }

  copy(distance: number, length: number): void {
    if (distance > this.length)
      throw new InflateError('a back-reference points before the start of the data');
    for (let i = 0; i < length; i++) this.push(this.#buffer[this.length - distance]!);
  }

  result(): Uint8Array {
    return this.#buffer.slice(0, this.length);
  }

  #grow(): void {
    if (this.#buffer.length >= this.max)
      throw new InflateError(`the data inflates to more than ${String(this.max)} bytes`);
    const grown = new Uint8Array(Math.min(this.max, this.#buffer.length * 2));
    grown.set(this.#buffer);
    this.#buffer = grown;
  }
}

function huffman(lengths: ArrayLike<number>): Huffman {
  const counts = new Uint16Array(MAX_BITS + 1);
  for (let symbol = 0; symbol < lengths.length; symbol++) counts[lengths[symbol]!]!++;
  counts[0] = 0;
  const offsets = new Uint16Array(MAX_BITS + 1);
  for (let length = 1; length < MAX_BITS; length++) offsets[length + 1] = offsets[length]! + counts[length]!;
  const symbols = new Uint16Array(lengths.length);
  for (let symbol = 0; symbol < lengths.length; symbol++) {
    const length = lengths[symbol]!;
    if (length !== 0) symbols[offsets[length]!++] = symbol;
  }
  return { counts, symbols };
}

function decodeSymbol(reader: BitReader, code: Huffman): number {
  let value = 0;
  let first = 0;
  let index = 0;
  for (let length = 1; length <= MAX_BITS; length++) {
    value |= reader.bits(1);
    const count = code.counts[length]!;
    if (value - count < first) return code.symbols[index + (value - first)]!;
    index += count;
    first = (first + count) << 1;
    value <<= 1;
  }
  throw new InflateError('the compressed data holds an invalid Huffman code');
}

const FIXED = (() => {
  const lengths = new Uint8Array(288);
  lengths.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
  return { literals: huffman(lengths), distances: huffman(new Uint8Array(30).fill(5)) };
})();

function dynamicCodes(reader: BitReader): { literals: Huffman; distances: Huffman } {
  const literalCount = reader.bits(5) + 257;
  const distanceCount = reader.bits(5) + 1;
  const codeLengthCount = reader.bits(4) + 4;
  const codeLengthLengths = new Uint8Array(19);
  for (let i = 0; i < codeLengthCount; i++) codeLengthLengths[CODE_LENGTH_ORDER[i]!] = reader.bits(3);
  const codeLengths = huffman(codeLengthLengths);
  const lengths = new Uint8Array(literalCount + distanceCount);
  for (let i = 0; i < lengths.length;) {
    const symbol = decodeSymbol(reader, codeLengths);
    if (symbol < 16) {
      lengths[i++] = symbol;
      continue;
    }
    if (symbol === 16 && i === 0) throw new InflateError('a length repeat has nothing to repeat');
    const [value, repeat] =
      symbol === 16
        ? [lengths[i - 1]!, 3 + reader.bits(2)]
        : symbol === 17
          ? [0, 3 + reader.bits(3)]
          : [0, 11 + reader.bits(7)];
    if (i + repeat > lengths.length) throw new InflateError('code lengths run past their count');
    lengths.fill(value, i, i + repeat);
    i += repeat;
  }
  return {
    literals: huffman(lengths.subarray(0, literalCount)),
    distances: huffman(lengths.subarray(literalCount)),
  };
}

function inflateBlock(
  reader: BitReader,
  output: Output,
  codes: { literals: Huffman; distances: Huffman },
): void {
  for (;;) {
    const symbol = decodeSymbol(reader, codes.literals);
    if (symbol < 256) output.push(symbol);
    else if (symbol === 256) return;
    else {
      const lengthIndex = symbol - 257;
      if (lengthIndex >= LENGTH_BASE.length)
        throw new InflateError('the compressed data holds an invalid length');
      const length = LENGTH_BASE[lengthIndex]! + reader.bits(LENGTH_EXTRA[lengthIndex]!);
      const distanceIndex = decodeSymbol(reader, codes.distances);
      if (distanceIndex >= DISTANCE_BASE.length)
        throw new InflateError('the compressed data holds an invalid distance');
      output.copy(DISTANCE_BASE[distanceIndex]! + reader.bits(DISTANCE_EXTRA[distanceIndex]!), length);
    }
  }
}

/**
 * Inflates raw DEFLATE `input` (no zlib or gzip header), expected to make `expectedBytes`.
 *
 * @throws InflateError when the data is not valid DEFLATE or inflates past `maxBytes`.
 */
export function inflateRaw(input: Uint8Array, expectedBytes: number, maxBytes: number): Uint8Array {
  const reader = new BitReader(input);
  const output = new Output(expectedBytes, maxBytes);
  let last = 0;
  while (last === 0) {
    last = reader.bits(1);
    const type = reader.bits(2);
    if (type === 0) {
      const header = reader.bytes(4);
      const length = header[0]! | (header[1]! << 8);
      if ((length ^ 0xffff) !== (header[2]! | (header[3]! << 8)))
        throw new InflateError('a stored block has a corrupt length');
      for (const byte of reader.bytes(length)) output.push(byte);
    } else if (type === 1) inflateBlock(reader, output, FIXED);
    else if (type === 2) inflateBlock(reader, output, dynamicCodes(reader));
    else throw new InflateError('the compressed data holds a block of an unknown type');
  }
  return output.result();
}

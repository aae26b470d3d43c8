import type { FileHandle } from 'node:fs/promises';

/**
 * Sequential and positional reads over an open file through one fixed buffer, so walking a
 * container's structure never loads the file (or a hostile length field) into memory.
 */
export class FileReader {
  readonly size: number;
  readonly #handle: FileHandle;
  readonly #buffer: Buffer;
  /** File offset of #buffer[0]. */
  #bufferStart = 0;
  #bufferLength = 0;
  /** Current sequential position in the file. */
  position = 0;

  constructor(handle: FileHandle, size: number, bufferBytes = 64 * 1024) {
    this.#handle = handle;
    this.size = size;
    this.#buffer = Buffer.alloc(bufferBytes);
  }

  /** Bytes left after the current position. */
  get remaining(): number {
    return this.size - this.position;
  }

  /**
   * Makes `count` bytes (at most the buffer size) from the current position readable with the
   * synchronous getters. False when the file ends first.
   */
  async ensure(count: number): Promise<boolean> {
    if (count > this.#buffer.length) throw new RangeError('read larger than the buffer');
    if (this.position + count > this.size) return false;
    const end = this.#bufferStart + this.#bufferLength;
    if (this.position >= this.#bufferStart && this.position + count <= end) return true;
    const { bytesRead } = await this.#handle.read(
      this.#buffer,
      0,
      this.#buffer.length,
      this.position,
    );
    this.#bufferStart = this.position;
    this.#bufferLength = bytesRead;
    return bytesRead >= count;
  }

  /** Next byte; call `ensure` first. */
  u8(): number {
    const value = this.#buffer[this.position - this.#bufferStart] ?? 0;
    this.position += 1;
    return value;
  }

  /** Next little-endian 16-bit value; call `ensure(2)` first. */
  u16le(): number {
    return this.u8() | (this.u8() << 8);
  }

  /** The next `count` bytes as a copy; call `ensure(count)` first. */
  bytes(count: number): Buffer {
    const start = this.position - this.#bufferStart;
    this.position += count;
    return Buffer.from(this.#buffer.subarray(start, start + count));
  }

  /** Moves the position forward; false if that would pass the end of the file. */
  skip(count: number): boolean {
    if (this.position + count > this.size) return false;
    this.position += count;
    return true;
  }

  /**
   * Reads `count` bytes (at most the buffer size) at an absolute offset through the buffer, so
   * walking many small chunk headers costs few system calls. Null when the file ends first.
   */
  async readAt(offset: number, count: number): Promise<Buffer | null> {
    if (offset < 0 || offset + count > this.size) return null;
    this.position = offset;
    if (!(await this.ensure(count))) return null;
    return this.bytes(count);
  }
}

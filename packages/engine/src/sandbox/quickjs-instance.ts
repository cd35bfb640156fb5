import { newQuickJSWASMModule, newVariant, RELEASE_SYNC, type QuickJSWASMModule } from 'quickjs-emscripten';

/** Size of a WebAssembly memory page. */
const WASM_PAGE_BYTES = 65_536;
/** Initial linear memory of the release-sync build (its emscripten `INITIAL_MEMORY`): 16 MiB. */
const INITIAL_MEMORY_BYTES = 16 * 1024 * 1024;
/** What the build keeps below the heap: its 5 MiB C stack and its static data (about 90 KiB). */
const RESERVED_MEMORY_BYTES = 6 * 1024 * 1024;
/** The most memory the build's allocator asks for (emscripten's 2 GiB limit). */
const MAXIMUM_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;

/** The part of a `WebAssembly.Memory` used here (the engine's TypeScript libs have no WebAssembly types). */
export interface WasmMemory {
  /** The memory's current bytes; its length grows with the memory. */
  readonly buffer: ArrayBuffer;
  /** Grows the memory by `pages`; throws a RangeError beyond its maximum. */
  grow(pages: number): number;
}

/** The part of the `WebAssembly` global used here. */
interface WasmGlobal {
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
}

const wasm = (globalThis as unknown as { WebAssembly: WasmGlobal }).WebAssembly;

/** One QuickJS WebAssembly instance with its own, capped, linear memory. */
export interface QuickJSInstance {
  /** The QuickJS module of this instance (runtimes and contexts are made from it). */
  readonly module: QuickJSWASMModule;
  /** The instance's linear memory; it grows up to `maximumBytes` and never shrinks. */
  readonly memory: WasmMemory;
  /** The cap of `memory`, in bytes. */
  readonly maximumBytes: number;
}

/** Called after each attempt of the allocator to grow the memory: granted, or refused at the cap. */
export type GrowthListener = (granted: boolean) => void;

const ignoreOutput = (): void => {};

/**
 * Instantiates the QuickJS release-sync WebAssembly module with a linear memory capped at
 * `memoryLimitBytes` plus the build's C stack and static data (and at least its initial 16 MiB).
 *
 * Why one instance per sandbox, not one per process: in the prebuilt quickjs-emscripten module,
 * `runtime.setMemoryLimit` only bounds each single allocation (its byte accounting adds a
 * constant per allocation: quickjs-emscripten issues #255 and #271), so a loop of allocations
 * grows the WebAssembly memory to 2 GiB, which never shrinks, in a module shared by every run of
 * the process. A capped memory per instance makes the allocator fail at the limit (QuickJS then
 * throws its "out of memory" error), gives the memory back when the sandbox is dropped, and
 * confines a crash of the instance (a host stack overflow inside WebAssembly) to one sandbox.
 * An instance costs about 5 ms (compiling the module's 1 MB of WebAssembly included); the
 * JavaScript glue and FFI modules are loaded once per process.
 *
 * `onGrowth` hears each attempt to grow the memory; a last attempt refused is the sure sign that
 * an allocation failed for lack of memory (QuickJS may then throw `null` instead of its "out of
 * memory" error, when even that error cannot be allocated).
 *
 * The emscripten glue's console output (only on an abort) is silenced: the engine logs nothing.
 */
export async function instantiateQuickJS(
  memoryLimitBytes: number,
  onGrowth: GrowthListener,
): Promise<QuickJSInstance> {
  const initialPages = INITIAL_MEMORY_BYTES / WASM_PAGE_BYTES;
  const wantedBytes = Math.min(RESERVED_MEMORY_BYTES + memoryLimitBytes, MAXIMUM_MEMORY_BYTES);
  const maximumPages = Math.max(initialPages, Math.ceil(wantedBytes / WASM_PAGE_BYTES));
  const memory = new wasm.Memory({ initial: initialPages, maximum: maximumPages });
  watchGrowth(memory, onGrowth);
  // print/printErr are emscripten options missing from quickjs-emscripten's loader type.
  const emscriptenModule = {
    print: ignoreOutput,
    printErr: ignoreOutput,
    monitorRunDependencies: ignoreOutput,
  };
  const variant = newVariant(RELEASE_SYNC, { wasmMemory: memory, emscriptenModule, log: ignoreOutput });
  const module = await newQuickJSWASMModule(variant);
  return { module, memory, maximumBytes: maximumPages * WASM_PAGE_BYTES };
}

/** Shadows `memory.grow` (emscripten calls it as a method) to report each attempt. */
function watchGrowth(memory: WasmMemory, onGrowth: GrowthListener): void {
  const grow = memory.grow.bind(memory);
  Object.defineProperty(memory, 'grow', {
    value: (pages: number): number => {
      let previousPages: number;
      try {
        previousPages = grow(pages);
      } catch (error) {
        onGrowth(false);
        throw error;
      }
      onGrowth(true);
      return previousPages;
    },
  });
}

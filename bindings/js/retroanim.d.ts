// TypeScript declarations of the retroanim WebAssembly module (bindings/js).
// `import createRetroanimModule from 'retroanim'`; `const ra = await createRetroanimModule()`.
// Every method that fails throws a RetroanimError whose message is the
// library's one-line message (file, object, byte offset where they apply).

export type Bytes = ArrayBuffer | ArrayBufferView;
export type Steps = Float32Array | ArrayLike<number>;

export interface RetroanimError extends Error {
  name: 'RetroanimError';
  /** The C API's code (1 input, 2 not found, 3 state, 4 argument, ...). */
  code: number;
  /** Its constant name ("RA_ERR_INPUT", ...). */
  codeName: string;
}

/** A CKCurve of a scene. */
export interface CkCurve {
  /** CKCurve::GetLength. */
  length(): number;
  pointCount(): number;
  /** CKCurve::GetPos at each step (0..1): world positions, 3 floats a step, and with `directions` the directions. */
  sample(steps: Steps, directions?: boolean): { positions: Float32Array; directions?: Float32Array };
}

/** A CK3dEntity of a scene. */
export interface CkEntity {
  /** 16 floats, row by row, row 3 the translation (Virtools layout). */
  worldMatrix(): Float32Array;
  localMatrix(): Float32Array;
}

/** A CKObjectAnimation of a scene. */
export interface CkObjectAnimation {
  /** Length in frames. */
  length(): number;
  /** CKObjectAnimation::SetStep (moves the entity); the entity's world matrix. */
  applyStep(step: number): Float32Array;
  /** SetStep at each step: the world matrices, 16 floats a step. */
  sampleWorlds(steps: Steps): Float32Array;
  /** The sampled transform at `step`; nothing moves. `present`: 1 scale, 2 scale axis, 4 position, 8 rotation. */
  sample(step: number): { position: Float32Array; rotation: Float32Array; scale: Float32Array; present: number };
  /** The animated entity, or null. */
  entity(): CkEntity | null;
}

/** A CKKeyedAnimation of a scene. */
export interface CkKeyedAnimation {
  length(): number;
  /** CKKeyedAnimation::SetStep: every member animation. */
  setStep(step: number): void;
}

/** A behaviour scenario played frame by frame (`retroanim ck play`). */
export interface CkPlayer {
  /** The recorded entities' names. */
  recorded(): string[];
  /** One frame of dtMs milliseconds: the time after it (ms) and the recorded entities' world matrices (16 floats each). */
  step(dtMs: number): { time: number; worlds: Float32Array };
  /** The last frame as the JSON line `retroanim ck play --json` prints. */
  frameJson(): string;
  reset(): void;
  free(): void;
}

/** A loaded .nmo / .cmo file. */
export interface CkScene {
  readonly name: string;
  objectCount(): number;
  curve(name: string): CkCurve;
  objectAnimation(name: string): CkObjectAnimation;
  keyedAnimation(name: string): CkKeyedAnimation;
  entity(name: string): CkEntity;
  /** The document of `retroanim ck info FILE --json` (retroanim.ck.info/1), as text and parsed. */
  infoText(): string;
  info(): any;
  /** The text of `retroanim ck anim FILE (--name N | --keyed N) (--at S1,... | --frames F1,...) --json`, without its final newline. */
  animJson(options: { name?: string; keyed?: string; at?: string | number[]; frames?: string | number[] }): string;
  /** `retroanim export FILE OUT.glb [--name N]... [--no-meshes] [--fps F]` into memory. */
  exportGlb(options?: { names?: string[]; meshes?: boolean; fps?: number }): Uint8Array;
  /** Plays a behaviour scenario: a built-in name ("menu-camera", "stone") or JSON text starting with '{' (docs/formats/ck-scenario.md). */
  play(scenario: string): CkPlayer;
  /** Frees the scene (and every handle it gave). */
  close(): void;
}

/** An open portal.dat. */
export interface AcDat {
  readonly name: string;
  /** `retroanim ac info DAT --json` (the header) with "entries": the animations, setups and motion tables. */
  infoText(): string;
  info(): any;
  /** `retroanim export DAT OUT.glb --animation A --setup S --motion-table M [--fps F]` into memory (0: not given). */
  exportGlb(options: { animation?: number; setup?: number; motionTable?: number; fps?: number }): Uint8Array;
  close(): void;
}

export interface RetroanimModule {
  /** "MAJOR.MINOR.PATCH". */
  version(): string;
  /** Loads a .nmo / .cmo from memory; `name` starts its messages (the CLI's path). */
  openScene(data: Bytes, name?: string): CkScene;
  /** Opens a portal.dat from memory. */
  openDat(data: Bytes, name?: string): AcDat;
  /** 'ck' (Virtools), 'ac' (portal.dat), 'glb' or null, from the first bytes. */
  fileKind(data: Bytes): 'ck' | 'ac' | 'glb' | null;
  RetroanimError: { new (code: number, message: string): RetroanimError };
  /** `retroanim ck bench --tracks N --ticks T --threads 1` in the module (Record Anim-shaped tracks): the timing and the
   *  checksum of the last tick's matrices ("0x" and 16 hex digits, as the CLI's JSON). */
  ckBench(tracks: number, ticks: number): { msPerTick: number; itemsPerSecond: number; checksum: string };
  /** The C API itself (include/retroanim/retroanim.h): every ra_* function as _ra_*, on the module's heap. */
  [cFunction: `_ra_${string}`]: (...args: number[]) => number;
  _malloc(size: number): number;
  _free(ptr: number): void;
  HEAPU8: Uint8Array;
  HEAPF32: Float32Array;
  HEAPU32: Uint32Array;
  UTF8ToString(ptr: number, maxBytes?: number): string;
}

export interface ModuleOptions {
  /** The wasm bytes, when the module cannot fetch or read retroanim.wasm itself (a page opened from file://). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where retroanim.wasm is, given its file name. */
  locateFile?: (file: string, prefix: string) => string;
}

export default function createRetroanimModule(options?: ModuleOptions): Promise<RetroanimModule>;

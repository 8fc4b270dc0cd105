// The JavaScript side of the WebAssembly module (bindings/js; appended to
// retroanim.mjs with --post-js, so it runs inside the module's factory): small
// classes over the exported C API (Module._ra_*) and the module's own
// functions (Module._rajs_*) that take ArrayBuffers and strings in and give
// typed arrays, strings and JSON out. Every failure is a RetroanimError whose
// message is the library's one line (ra_last_error). retroanim.d.ts documents
// each function. No logic of its own: each method is one or a few C calls.

(function attachRetroanim(M) {
  const codeNames = ['RA_OK', 'RA_ERR_INPUT', 'RA_ERR_NOT_FOUND', 'RA_ERR_STATE', 'RA_ERR_ARGUMENT', 'RA_ERR_IO',
    'RA_ERR_OUT_OF_MEMORY', 'RA_ERR_INTERNAL', 'RA_ERR_HANDLE'];

  class RetroanimError extends Error {
    constructor(code, message) {
      super(message);
      this.name = 'RetroanimError';
      this.code = code;
      this.codeName = codeNames[code] || 'RA_ERR_?';
    }
  }

  // Scratch memory for out-parameters (pointers, sizes, small structs).
  let scratch = 0;
  function out() {
    if (!scratch) scratch = M._malloc(256);
    M.HEAPU8.fill(0, scratch, scratch + 256);
    return scratch;
  }
  const u32 = (ptr) => M.HEAPU32[ptr >>> 2];
  const f32 = (ptr) => M.HEAPF32[ptr >>> 2];
  const f64 = (ptr) => M.HEAPF64[ptr >>> 3];

  function check(rc) {
    if (rc !== 0) throw new RetroanimError(rc, M.UTF8ToString(M._ra_last_error()));
  }
  // A NUL-terminated UTF-8 copy of `s` on the heap (free it with M._free); 0 for null/undefined.
  function cstr(s) {
    if (s === null || s === undefined) return 0;
    const text = String(s);
    const n = M.lengthBytesUTF8(text) + 1;
    const p = M._malloc(n);
    M.stringToUTF8(text, p, n);
    return p;
  }
  function withStrings(strings, f) {
    const ptrs = strings.map(cstr);
    try {
      return f(...ptrs);
    } finally {
      for (const p of ptrs) if (p) M._free(p);
    }
  }
  function bytesOf(data) {
    if (data instanceof Uint8Array) return data;
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    throw new TypeError('expected an ArrayBuffer or a typed array');
  }
  // Calls f(ptr) with `bytes` copied to the heap.
  function withBytes(bytes, f) {
    const p = M._malloc(Math.max(1, bytes.length));
    try {
      M.HEAPU8.set(bytes, p);
      return f(p, bytes.length);
    } finally {
      M._free(p);
    }
  }
  function steps32(steps) {
    const a = steps instanceof Float32Array ? steps : Float32Array.from(steps);
    for (const v of a) if (!Number.isFinite(v)) throw new RetroanimError(4, 'steps: not a finite number');
    return a;
  }
  // Calls f(stepsPtr, outPtr) with the steps on the heap and `outFloats` floats of output; returns a copy.
  function withSteps(steps, outFloats, f) {
    const s = steps32(steps);
    const sp = M._malloc(Math.max(4, s.length * 4));
    const op = M._malloc(Math.max(4, outFloats * 4));
    try {
      M.HEAPF32.set(s, sp >>> 2);
      f(sp, op, s.length);
      return M.HEAPF32.slice(op >>> 2, (op >>> 2) + outFloats);
    } finally {
      M._free(sp);
      M._free(op);
    }
  }
  // A text result (pointer and size in the out area) as a JS string.
  function textResult(o) {
    return M.UTF8ToString(u32(o), u32(o + 4));
  }
  function bytesResult(o) {
    const p = u32(o), n = u32(o + 4);
    return M.HEAPU8.slice(p, p + n);
  }
  function matrix(fn, handle) {
    const o = out();
    check(fn(handle, o));
    return M.HEAPF32.slice(o >>> 2, (o >>> 2) + 16);
  }

  class CkCurve {
    constructor(h) { this.handle = h; }
    length() { const o = out(); check(M._ra_ck_curve_get_length(this.handle, o)); return f32(o); }
    pointCount() { const o = out(); check(M._ra_ck_curve_count_points(this.handle, o)); return u32(o); }
    // Positions (3 floats a step) and, with directions, the directions, at each step.
    sample(steps, directions = false) {
      const n = steps.length;
      if (!directions) {
        return { positions: withSteps(steps, 3 * n, (sp, op, k) => check(M._rajs_ck_curve_sample(this.handle, sp, k, op, 0))) };
      }
      let dirs;
      const positions = withSteps(steps, 6 * n, (sp, op, k) => {
        check(M._rajs_ck_curve_sample(this.handle, sp, k, op, op + 12 * k));
      });
      dirs = positions.slice(3 * n);
      return { positions: positions.slice(0, 3 * n), directions: dirs };
    }
  }

  class CkEntity {
    constructor(h) { this.handle = h; }
    worldMatrix() { return matrix(M._ra_ck_entity_get_world_matrix, this.handle); }
    localMatrix() { return matrix(M._ra_ck_entity_get_local_matrix, this.handle); }
  }

  class CkObjectAnimation {
    constructor(h) { this.handle = h; }
    length() { const o = out(); check(M._ra_ck_object_animation_get_length(this.handle, o)); return f32(o); }
    // SetStep: moves the entity; its world matrix (16 floats).
    applyStep(step) {
      const o = out();
      check(M._ra_ck_object_animation_apply_step(this.handle, step, o));
      return M.HEAPF32.slice(o >>> 2, (o >>> 2) + 16);
    }
    // SetStep at each step: the world matrices, 16 floats a step.
    sampleWorlds(steps) {
      return withSteps(steps, 16 * steps.length,
        (sp, op, k) => check(M._rajs_ck_object_animation_sample_worlds(this.handle, sp, k, op)));
    }
    // The sampled transform at `step`, nothing moved.
    sample(step) {
      const o = out();
      check(M._ra_ck_object_animation_sample(this.handle, step, o));
      const f = M.HEAPF32.slice(o >>> 2, (o >>> 2) + 10);
      return { position: f.slice(0, 3), rotation: f.slice(3, 7), scale: f.slice(7, 10), present: u32(o + 40) };
    }
    entity() { const o = out(); check(M._ra_ck_object_animation_get_entity(this.handle, o)); return u32(o) ? new CkEntity(u32(o)) : null; }
  }

  class CkKeyedAnimation {
    constructor(h) { this.handle = h; }
    length() { const o = out(); check(M._ra_ck_keyed_animation_get_length(this.handle, o)); return f32(o); }
    setStep(step) { check(M._ra_ck_keyed_animation_set_step(this.handle, step)); }
  }

  class CkPlayer {
    constructor(h) { this.handle = h; }
    recorded() {
      const o = out();
      check(M._ra_ck_player_count_recorded(this.handle, o));
      const n = u32(o), names = [];
      for (let i = 0; i < n; ++i) {
        const q = out();
        check(M._ra_ck_player_get_recorded_name(this.handle, i, q));
        names.push(M.UTF8ToString(u32(q)));
      }
      return names;
    }
    // One frame of dtMs: the time after it (ms) and the recorded entities' world matrices.
    step(dtMs) {
      const n = this.recorded().length;
      const wp = M._malloc(Math.max(4, 64 * n));
      const tp = M._malloc(8);
      try {
        check(M._ra_ck_player_step(this.handle, dtMs, tp, wp, 16 * n));
        return { time: f64(tp), worlds: M.HEAPF32.slice(wp >>> 2, (wp >>> 2) + 16 * n) };
      } finally {
        M._free(wp);
        M._free(tp);
      }
    }
    // The last frame as the line `retroanim ck play --json` prints.
    frameJson() { const o = out(); check(M._ra_ck_player_get_frame_json(this.handle, o)); return M.UTF8ToString(u32(o)); }
    reset() { check(M._ra_ck_player_reset(this.handle)); }
    free() { if (this.handle) { check(M._ra_ck_player_free(this.handle)); this.handle = 0; } }
  }

  class CkScene {
    constructor(h, name) { this.handle = h; this.name = name; }
    objectCount() { const o = out(); check(M._ra_ck_scene_count_objects(this.handle, o)); return u32(o); }
    find(fn, name, Cls) {
      return withStrings([name], (np) => { const o = out(); check(fn(this.handle, np, o)); return new Cls(u32(o)); });
    }
    curve(name) { return this.find(M._ra_ck_scene_find_curve, name, CkCurve); }
    objectAnimation(name) { return this.find(M._ra_ck_scene_find_object_animation, name, CkObjectAnimation); }
    keyedAnimation(name) { return this.find(M._ra_ck_scene_find_keyed_animation, name, CkKeyedAnimation); }
    entity(name) { return this.find(M._ra_ck_scene_find_entity, name, CkEntity); }
    // The document of `retroanim ck info FILE --json` (parsed), or its text.
    infoText() {
      return withStrings([this.name], (fp) => { const o = out(); check(M._rajs_ck_info_json(this.handle, fp, o, o + 4)); return textResult(o); });
    }
    info() { return JSON.parse(this.infoText()); }
    // The text `retroanim ck anim FILE (--name N | --keyed N) (--at A | --frames F) --json` prints (without the newline).
    animJson({ name, keyed, at, frames } = {}) {
      if ((name === undefined) === (keyed === undefined)) throw new RetroanimError(4, 'ck anim: give exactly one of --name NAME or --keyed NAME');
      const list = (v) => (v === undefined ? '' : Array.isArray(v) ? v.join(',') : String(v));
      return withStrings([this.name, name ?? keyed, list(at), list(frames)], (fp, np, ap, rp) => {
        const o = out();
        check(M._rajs_ck_anim_json(this.handle, fp, np, keyed !== undefined ? 1 : 0, ap, rp, o, o + 4));
        return textResult(o);
      });
    }
    // `retroanim export FILE OUT.glb` into memory.
    exportGlb({ names = [], meshes = true, fps = 0 } = {}) {
      return withStrings([names.join('\n')], (np) => {
        const o = out();
        check(M._rajs_ck_export_glb(this.handle, np, meshes ? 1 : 0, fps, o, o + 4));
        return bytesResult(o);
      });
    }
    // A behaviour scenario (built-in name or JSON text starting with '{') played on this scene.
    play(scenario) {
      return withStrings([scenario], (sp) => { const o = out(); check(M._ra_ck_player_create(this.handle, sp, o)); return new CkPlayer(u32(o)); });
    }
    close() { if (this.handle) { check(M._ra_ck_scene_close(this.handle)); this.handle = 0; } }
  }

  class AcDat {
    constructor(h, name) { this.handle = h; this.name = name; }
    // `ac info DAT --json` (the header) with the animations, setups and motion tables as "entries".
    infoText() { const o = out(); check(M._rajs_ac_info_json(this.handle, o, o + 4)); return textResult(o); }
    info() { return JSON.parse(this.infoText()); }
    // `retroanim export DAT OUT.glb --animation A --setup S --motion-table M [--fps F]` into memory.
    exportGlb({ animation = 0, setup = 0, motionTable = 0, fps = 0 } = {}) {
      const o = out();
      check(M._rajs_ac_export_glb(this.handle, animation >>> 0, setup >>> 0, motionTable >>> 0, fps, o, o + 4));
      return bytesResult(o);
    }
    close() { if (this.handle) { check(M._ra_ac_dat_free(this.handle)); this.handle = 0; } }
  }

  // `retroanim ck bench --tracks N --ticks T --threads 1` in the module: the
  // timing and the checksum of the last tick's matrices ("0x" and 16 hex digits, as the CLI's JSON has it).
  M.ckBench = (tracks, ticks) => {
    const o = M._malloc(24);
    try {
      check(M._rajs_ck_bench(tracks >>> 0, ticks | 0, o, o + 8, o + 16));
      const half = (k) => M.HEAPU32[(o + k) >>> 2].toString(16).padStart(8, '0');
      return { msPerTick: f64(o), itemsPerSecond: f64(o + 8), checksum: '0x' + half(20) + half(16) };
    } finally {
      M._free(o);
    }
  };
  M.RetroanimError = RetroanimError;
  M.version = () => M.UTF8ToString(M._ra_version());
  // A .nmo / .cmo file from memory (ArrayBuffer or typed array); `name` starts its messages.
  M.openScene = (data, name = '<memory>') => withBytes(bytesOf(data), (p, n) => withStrings([name], (np) => {
    const o = out();
    check(M._ra_ck_scene_open_memory(p, n, np, o));
    return new CkScene(u32(o), name);
  }));
  // A portal.dat from memory.
  M.openDat = (data, name = '<memory>') => withBytes(bytesOf(data), (p, n) => withStrings([name], (np) => {
    const o = out();
    check(M._ra_ac_dat_open_memory(p, n, np, o));
    return new AcDat(u32(o), name);
  }));
  // Which kind of file the bytes are: 'ck' (Virtools, "Nemo Fi"), 'ac' (a portal.dat), 'glb' or null.
  M.fileKind = (data) => {
    const b = bytesOf(data);
    const ascii = (from, to) => String.fromCharCode(...b.subarray(from, to));
    if (b.length >= 8 && ascii(0, 8) === 'Nemo Fi\0') return 'ck';
    if (b.length >= 4 && ascii(0, 4) === 'glTF') return 'glb';
    if (b.length >= 0x144 && (b[0x140] | (b[0x141] << 8) | (b[0x142] << 16) | (b[0x143] << 24)) >>> 0 === 0x5442) return 'ac';
    return null;
  };
})(Module);

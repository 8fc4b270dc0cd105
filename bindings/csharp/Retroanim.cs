// The C# binding of the retroanim C API (include/retroanim/retroanim.h):
// P/Invoke declarations, SafeHandle wrappers and a small idiomatic surface
// for servers (Dat, Provider, PhysicsObject with its MotionTableManager and
// MotionInterp, MotionTiming, Batch for the per-tick update of many objects, HookEvent, AcMesh
// and AcGraphics for GfxObj meshes, surfaces and textures), for ports that draw Virtools
// files (Scene with CkMesh, CkMaterial, CkTexture, Image) and for replaying scenarios (Scenario). It holds no logic: every member forwards
// to one C call. A failing call throws RetroanimException with the code and
// the library's message. Built with mcs -unsafe (bindings/csharp/README.md).
using System;
using System.Runtime.InteropServices;

namespace Retroanim
{
    /// <summary>A failed C API call: its RA_ERR_* code and the library's one-line message.</summary>
    public sealed class RetroanimException : Exception
    {
        public readonly int Code;
        public RetroanimException(int code, string message) : base(message) { Code = code; }
    }

    /// <summary>The RA_* codes.</summary>
    public static class Status
    {
        public const int Ok = 0, Input = 1, NotFound = 2, State = 3, Argument = 4, Io = 5, OutOfMemory = 6,
                         Internal = 7, Handle = 8;
    }

    /// <summary>An AC frame: origin x, y, z then quaternion w, x, y, z (ra_ac_frame, 28 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Frame
    {
        public float X, Y, Z, Qw, Qx, Qy, Qz;
        public Frame(float x, float y, float z, float qw, float qx, float qy, float qz)
        {
            X = x; Y = y; Z = z; Qw = qw; Qx = qx; Qy = qy; Qz = qz;
        }
        public static readonly Frame Identity = new Frame(0, 0, 0, 1, 0, 0, 0);
    }

    /// <summary>A hook an object received (ra_ac_hook_event, 64 bytes): docs/C-API.md lists the payload fields by type.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct HookEvent
    {
        public ulong ObjectId;
        public uint Type;
        public int Direction;
        public uint Tag;
        public fixed uint U[3];
        public fixed float F[7];
        public uint Reserved;

        /// <summary>Payload integer u[i] (0..2) and float f[i] (0..6), by type as docs/C-API.md lists them.</summary>
        public uint UInt(int i) { if ((uint)i >= 3) throw new ArgumentOutOfRangeException("i"); fixed (uint* p = U) return p[i]; }
        public float Float(int i) { if ((uint)i >= 7) throw new ArgumentOutOfRangeException("i"); fixed (float* p = F) return p[i]; }

        /// <summary>The hook as the scenario trace prints a hook without scenario JSON (ra_ac_hook_event_get_json):
        /// {"type":N,"direction":D, payload fields by name}.</summary>
        public string ToJson()
        {
            HookEvent copy = this;
            IntPtr p;
            Native.Check(Native.ra_ac_hook_event_get_json(ref copy, out p));
            return Native.Utf8(p);
        }
    }

    /// <summary>The hook type numbers (AnimationHookType).</summary>
    public static class HookType
    {
        public const uint NoOp = 0, Sound = 1, SoundTable = 2, Attack = 3, AnimationDone = 4, ReplaceObject = 5,
                          Ethereal = 6, TransparentPart = 7, Luminous = 8, LuminousPart = 9, Diffuse = 10,
                          DiffusePart = 11, Scale = 12, CreateParticle = 13, DestroyParticle = 14, StopParticle = 15,
                          NoDraw = 16, DefaultScript = 17, DefaultScriptPart = 18, CallPES = 19, Transparent = 20,
                          SoundTweaked = 21, SetOmega = 22, TextureVelocity = 23, TextureVelocityPart = 24,
                          SetLight = 25, CreateBlockingParticle = 26;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct MotionState
    {
        public uint Style, Substate, ModifierCount, PendingCount;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct PendingMotion
    {
        public uint Motion, NumAnims;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct SequenceState
    {
        public double FrameNumber;
        public uint AnimId;
        public int HasAnim;
        public uint NodeCount;
        public uint Reserved;
    }

    /// <summary>The weenie's answers to the interpreter's questions (ra_ac_weenie, 32 bytes). Weenie.Default: a player creature.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Weenie
    {
        public int IsPlayer, IsCreature, HasRunRate;
        public float RunRate;
        public int HasJumpVelocity;
        public float JumpVelocity;
        public int CanJump, JumpStamina;
        public static Weenie Default
        {
            get { Weenie w; Native.Check(Native.ra_ac_weenie_init(out w)); return w; }
        }
    }

    /// <summary>MovementParameters (ra_ac_movement_params, 40 bytes). MovementParams.Default: the constructor's values.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MovementParams
    {
        public uint Bitfield;
        public float DistanceToObject, MinDistance, DesiredHeading, Speed, FailDistance, WalkRunThreshhold;
        public uint ContextId, HoldKeyToApply, ActionStamp;
        public static MovementParams Default
        {
            get { MovementParams p; Native.Check(Native.ra_ac_movement_params_init(out p)); return p; }
        }
        /// <summary>Sets or clears a bitfield bit (MovementFlag).</summary>
        public void Set(uint flag, bool on) { Bitfield = on ? (Bitfield | flag) : (Bitfield & ~flag); }
    }

    /// <summary>MovementParameters bitfield bits.</summary>
    public static class MovementFlag
    {
        public const uint CanWalk = 0x1, CanRun = 0x2, CanSidestep = 0x4, CanWalkBackwards = 0x8, CanCharge = 0x10,
                          FailWalk = 0x20, UseFinalHeading = 0x40, Sticky = 0x80, MoveAway = 0x100,
                          MoveTowards = 0x200, UseSpheres = 0x400, SetHoldKey = 0x800, Autonomous = 0x1000,
                          ModifyRawState = 0x2000, ModifyInterpretedState = 0x4000, CancelMoveTo = 0x8000,
                          StopCompletely = 0x10000, DisableJumpDuringLink = 0x20000;
    }

    /// <summary>Hold keys.</summary>
    public static class HoldKey
    {
        public const uint Invalid = 0, None = 1, Run = 2;
    }

    /// <summary>A queued action (ra_ac_action, 16 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct ActionNode
    {
        public uint Action;
        public float Speed;
        public uint Stamp;
        public int Autonomous;
    }

    /// <summary>RawMotionState without its actions (ra_ac_raw_motion_state, 48 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct RawMotionState
    {
        public uint CurrentHoldkey, CurrentStyle, ForwardCommand, ForwardHoldkey;
        public float ForwardSpeed;
        public uint SidestepCommand, SidestepHoldkey;
        public float SidestepSpeed;
        public uint TurnCommand, TurnHoldkey;
        public float TurnSpeed;
        public uint ActionCount;
    }

    /// <summary>InterpretedMotionState without its actions (ra_ac_interpreted_motion_state, 32 bytes).
    /// InterpretedMotionState.Default: the constructor's values.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct InterpretedMotionState
    {
        public uint CurrentStyle, ForwardCommand;
        public float ForwardSpeed;
        public uint SidestepCommand;
        public float SidestepSpeed;
        public uint TurnCommand;
        public float TurnSpeed;
        public uint ActionCount;
        public static InterpretedMotionState Default
        {
            get
            {
                var s = new InterpretedMotionState();
                s.CurrentStyle = 0x8000003D; s.ForwardCommand = 0x41000003;
                s.ForwardSpeed = 1.0f; s.SidestepSpeed = 1.0f; s.TurnSpeed = 1.0f;
                return s;
            }
        }
    }

    /// <summary>The interpreter's other fields (ra_ac_interp_state, 32 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct InterpState
    {
        public int Initted, StandingLongjump;
        public float JumpExtent, MyRunRate, CurrentSpeedFactor;
        public uint ServerActionStamp, PendingCount, Reserved;
    }

    /// <summary>A motion the interpreter waits on (ra_ac_interp_pending, 12 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct InterpPending
    {
        public uint ContextId, Motion, JumpErrorCode;
    }

    /// <summary>A motion timing's summary (ra_ac_timing_summary, 32 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct TimingSummary
    {
        public int Performed;
        public uint AnimationCount, HookCount, Reserved;
        public double CycleStart, CycleLength;
    }

    /// <summary>A queued animation of a motion timing (ra_ac_timed_animation, 40 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct TimedAnimation
    {
        public uint AnimId;
        public int LowFrame, HighFrame;
        public float Framerate;
        public int Cyclic;
        public uint Reserved;
        public double Start, Duration;
    }

    /// <summary>A hook firing of a motion timing (ra_ac_timed_hook, 80 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct TimedHook
    {
        public double Time;
        public uint Animation;
        public int Frame;
        public HookEvent Hook;
    }

    /// <summary>A Virtools mesh's sizes and flags (ra_ck_mesh_info, 20 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CkMeshInfo
    {
        public uint VertexCount, FaceCount, MaterialCount, LineCount, Flags;
    }

    /// <summary>A Virtools material's colours (r, g, b, a) and render states (ra_ck_material_info, 112 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct CkMaterialInfo
    {
        public fixed float Diffuse[4];
        public fixed float Ambient[4];
        public fixed float Specular[4];
        public fixed float Emissive[4];
        public float SpecularPower;
        public uint TextureBlend, MinFilter, MagFilter, AddressMode, SourceBlend, DestBlend;
        public int TwoSided, AlphaBlend, AlphaTest;
        public uint AlphaFunc, AlphaRef;
    }

    /// <summary>A Virtools texture as stored (ra_ck_texture_info, 24 bytes). Source: 0 none, 1 file name, 2 raw pixels, 3 image file.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CkTextureInfo
    {
        public int Source;
        public uint Width, Height, SlotCount;
        public int Transparent;
        public uint TransparentColor;
    }

    /// <summary>An AC mesh's sizes and bounds (ra_ac_mesh_info, 40 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct AcMeshInfo
    {
        public uint GfxObjId, VertexCount, IndexCount, SubmeshCount;
        public float MinX, MinY, MinZ, MaxX, MaxY, MaxZ;
    }

    /// <summary>One surface's triangles in an AC mesh (ra_ac_submesh, 24 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct AcSubmesh
    {
        public uint SurfaceId, FirstVertex, VertexCount, FirstIndex, IndexCount, Reserved;
    }

    /// <summary>An AC Surface as loaded (ra_ac_surface, 32 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct AcSurface
    {
        public uint Type, TextureId, PaletteId, Color;
        public float Translucency, Luminosity, Diffuse;
        public uint Reserved;
    }

    /// <summary>The C functions (one line each; see include/retroanim/retroanim.h).</summary>
    public static unsafe class Native
    {
        public const string Lib = "retroanim";
        // The functions of libretroanim-harness (harness/capi/retroanim_harness.h:
        // scenario files, the benchmark workload, hook JSON). That library holds
        // the whole C API too: a program that uses these maps both names to it.
        public const string HarnessLib = "retroanim-harness";

        [DllImport(Lib)] public static extern IntPtr ra_version();
        [DllImport(Lib)] public static extern IntPtr ra_last_error();

        [DllImport(Lib)] public static extern int ra_ac_dat_open(byte[] path, out IntPtr dat);
        [DllImport(Lib)] public static extern int ra_ac_dat_open_memory(byte* data, UIntPtr size, byte[] name, out IntPtr dat);
        [DllImport(Lib)] public static extern int ra_ac_dat_free(IntPtr dat);
        [DllImport(Lib)] public static extern int ra_ac_provider_from_dat(DatHandle dat, out IntPtr provider);
        [DllImport(HarnessLib)] public static extern int ra_ac_provider_create_workload(int kind, out IntPtr provider);
        [DllImport(Lib)] public static extern int ra_ac_provider_free(IntPtr provider);

        [DllImport(HarnessLib)] public static extern int ra_ac_scenario_load(byte[] path, out IntPtr scenario);
        [DllImport(HarnessLib)] public static extern int ra_ac_scenario_free(IntPtr scenario);
        [DllImport(HarnessLib)] public static extern int ra_ac_scenario_get_provider(ScenarioHandle scenario, out IntPtr provider);
        [DllImport(HarnessLib)] public static extern int ra_ac_scenario_get_initial_frame(ScenarioHandle scenario, out Frame frame);
        [DllImport(HarnessLib)] public static extern int ra_ac_scenario_has_motion_table(ScenarioHandle scenario, out int has);
        [DllImport(HarnessLib)] public static extern int ra_ac_scenario_attach_motion_table(ScenarioHandle scenario, ObjectHandle obj);
        [DllImport(HarnessLib)] public static extern int ra_ac_scenario_get_hook_json(ScenarioHandle scenario, uint tag, out IntPtr json);

        [DllImport(Lib)] public static extern int ra_ac_object_create(IntPtr provider, uint setupId, uint partCount, ulong id, out IntPtr obj);
        [DllImport(Lib)] public static extern int ra_ac_object_free(IntPtr obj);
        [DllImport(Lib)] public static extern int ra_ac_object_attach_motion_table(ObjectHandle obj, ProviderHandle provider, uint tableId);
        [DllImport(Lib)] public static extern int ra_ac_object_set_state(ObjectHandle obj, uint state, uint transientState);
        [DllImport(Lib)] public static extern int ra_ac_object_get_state(ObjectHandle obj, out uint state, out uint transientState);
        [DllImport(Lib)] public static extern int ra_ac_object_set_frame(ObjectHandle obj, ref Frame frame);
        [DllImport(Lib)] public static extern int ra_ac_object_get_frame(ObjectHandle obj, out Frame frame);
        [DllImport(Lib)] public static extern int ra_ac_object_count_parts(ObjectHandle obj, out UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_object_get_part_frames(ObjectHandle obj, Frame* frames, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_object_set_default_state(ObjectHandle obj);
        [DllImport(Lib)] public static extern int ra_ac_object_perform(ObjectHandle obj, uint motion, float speed, out uint werror);
        [DllImport(Lib)] public static extern int ra_ac_object_stop(ObjectHandle obj, uint motion, float speed, out uint werror);
        [DllImport(Lib)] public static extern int ra_ac_object_stop_completely(ObjectHandle obj, out uint werror);
        [DllImport(Lib)] public static extern int ra_ac_object_get_motion_state(ObjectHandle obj, out MotionState state);
        [DllImport(Lib)] public static extern int ra_ac_object_get_modifiers(ObjectHandle obj, uint* ids, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_object_get_pending(ObjectHandle obj, PendingMotion* pending, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_object_take_done(ObjectHandle obj, out uint* motions, out UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_object_append_animation(ObjectHandle obj, uint animId, float framerate, int low, int high);
        [DllImport(Lib)] public static extern int ra_ac_object_clear_sequence(ObjectHandle obj);
        [DllImport(Lib)] public static extern int ra_ac_object_set_velocity(ObjectHandle obj, float* v);
        [DllImport(Lib)] public static extern int ra_ac_object_set_omega(ObjectHandle obj, float* v);
        [DllImport(Lib)] public static extern int ra_ac_object_multiply_framerate(ObjectHandle obj, float multiplier);
        [DllImport(Lib)] public static extern int ra_ac_object_remove_cyclic(ObjectHandle obj);
        [DllImport(Lib)] public static extern int ra_ac_object_remove_all_links(ObjectHandle obj);
        [DllImport(Lib)] public static extern int ra_ac_object_update_sequence(ObjectHandle obj, double dt, Frame* offset);
        [DllImport(Lib)] public static extern int ra_ac_object_get_sequence_state(ObjectHandle obj, out SequenceState state);
        [DllImport(Lib)] public static extern int ra_ac_object_advance(ObjectHandle obj, double dt);
        [DllImport(Lib)] public static extern int ra_ac_object_update(ObjectHandle obj, double time);
        [DllImport(Lib)] public static extern int ra_ac_object_tick(ObjectHandle obj, float quantum);
        [DllImport(Lib)] public static extern int ra_ac_object_get_events(ObjectHandle obj, out HookEvent* events, out UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_object_clear_events(ObjectHandle obj);
        [DllImport(HarnessLib)] public static extern int ra_ac_hook_event_get_json(ref HookEvent ev, out IntPtr json);

        [DllImport(Lib)] public static extern int ra_ac_weenie_init(out Weenie weenie);
        [DllImport(Lib)] public static extern int ra_ac_movement_params_init(out MovementParams p);
        [DllImport(Lib)] public static extern int ra_ac_object_create_interp(ObjectHandle obj, Weenie* weenie);
        [DllImport(Lib)] public static extern int ra_ac_object_has_interp(ObjectHandle obj, out int has);
        [DllImport(Lib)] public static extern int ra_ac_object_set_weenie(ObjectHandle obj, Weenie* weenie);
        [DllImport(Lib)] public static extern int ra_ac_object_interp_enter_default_state(ObjectHandle obj);
        [DllImport(Lib)] public static extern int ra_ac_object_do_motion(ObjectHandle obj, uint motion, MovementParams* p, out uint werror);
        [DllImport(Lib)] public static extern int ra_ac_object_stop_motion(ObjectHandle obj, uint motion, MovementParams* p, out uint werror);
        [DllImport(Lib)] public static extern int ra_ac_object_do_interpreted_motion(ObjectHandle obj, uint motion, MovementParams* p, out uint werror);
        [DllImport(Lib)] public static extern int ra_ac_object_stop_interpreted_motion(ObjectHandle obj, uint motion, MovementParams* p, out uint werror);
        [DllImport(Lib)] public static extern int ra_ac_object_interp_stop_completely(ObjectHandle obj, out uint werror);
        [DllImport(Lib)] public static extern int ra_ac_object_set_hold_key(ObjectHandle obj, uint key, int cancelMoveTo);
        [DllImport(Lib)] public static extern int ra_ac_object_set_hold_run(ObjectHandle obj, int run, int cancelMoveTo);
        [DllImport(Lib)] public static extern int ra_ac_object_apply_current_movement(ObjectHandle obj, int cancelMoveTo, int disallowJump);
        [DllImport(Lib)] public static extern int ra_ac_object_apply_raw_movement(ObjectHandle obj, int cancelMoveTo, int disallowJump);
        [DllImport(Lib)] public static extern int ra_ac_object_apply_interpreted_movement(ObjectHandle obj, int cancelMoveTo, int disallowJump);
        [DllImport(Lib)] public static extern int ra_ac_object_charge_jump(ObjectHandle obj, out uint werror);
        [DllImport(Lib)] public static extern int ra_ac_object_jump(ObjectHandle obj, float extent, out int stamina, out uint werror);
        [DllImport(Lib)] public static extern int ra_ac_object_set_contact(ObjectHandle obj, int contact, int onWalkable);
        [DllImport(Lib)] public static extern int ra_ac_object_set_on_walkable(ObjectHandle obj, int onWalkable);
        [DllImport(Lib)] public static extern int ra_ac_object_interp_hit_ground(ObjectHandle obj);
        [DllImport(Lib)] public static extern int ra_ac_object_interp_leave_ground(ObjectHandle obj);
        [DllImport(Lib)] public static extern int ra_ac_object_check_completed_motions(ObjectHandle obj);
        [DllImport(Lib)] public static extern int ra_ac_object_set_autonomous(ObjectHandle obj, int autonomous);
        [DllImport(Lib)] public static extern int ra_ac_object_set_in_cell(ObjectHandle obj, int inCell);
        [DllImport(Lib)] public static extern int ra_ac_object_get_raw_state(ObjectHandle obj, out RawMotionState state);
        [DllImport(Lib)] public static extern int ra_ac_object_get_raw_actions(ObjectHandle obj, ActionNode* actions, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_object_set_raw_state(ObjectHandle obj, ref RawMotionState state);
        [DllImport(Lib)] public static extern int ra_ac_object_get_interpreted_state(ObjectHandle obj, out InterpretedMotionState state);
        [DllImport(Lib)] public static extern int ra_ac_object_get_interpreted_actions(ObjectHandle obj, ActionNode* actions, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_object_move_to_interpreted_state(ObjectHandle obj, ref InterpretedMotionState state, ActionNode* actions, UIntPtr count, out uint result);
        [DllImport(Lib)] public static extern int ra_ac_object_get_interp_state(ObjectHandle obj, out InterpState state);
        [DllImport(Lib)] public static extern int ra_ac_object_get_interp_pending(ObjectHandle obj, InterpPending* pending, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_object_get_state_velocity(ObjectHandle obj, float* v);
        [DllImport(Lib)] public static extern int ra_ac_object_get_max_speed(ObjectHandle obj, out float speed);
        [DllImport(Lib)] public static extern int ra_ac_object_get_velocity(ObjectHandle obj, float* v);

        [DllImport(Lib)] public static extern int ra_ac_motion_timing_create(ProviderHandle provider, uint tableId, uint style, uint substate, float substateSpeed, uint motion, float speed, out IntPtr timing);
        [DllImport(Lib)] public static extern int ra_ac_object_motion_timing(ObjectHandle obj, uint style, uint substate, float substateSpeed, uint motion, float speed, out IntPtr timing);
        [DllImport(Lib)] public static extern int ra_ac_motion_timing_free(IntPtr timing);
        [DllImport(Lib)] public static extern int ra_ac_motion_timing_get_summary(IntPtr timing, out TimingSummary summary);
        [DllImport(Lib)] public static extern int ra_ac_motion_timing_get_animations(IntPtr timing, TimedAnimation* animations, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_motion_timing_get_hooks(IntPtr timing, TimedHook* hooks, UIntPtr count);

        [DllImport(Lib)] public static extern int ra_ac_batch_create(IntPtr* objects, UIntPtr count, uint threads, out IntPtr batch);
        [DllImport(Lib)] public static extern int ra_ac_batch_free(IntPtr batch);
        [DllImport(Lib)] public static extern int ra_ac_batch_tick(IntPtr batch, float quantum);
        [DllImport(Lib)] public static extern int ra_ac_batch_set_min_work(IntPtr batch, ulong backToBackNs, ulong idleNs);
        [DllImport(Lib)] public static extern int ra_ac_batch_get_events(IntPtr batch, out HookEvent* events, out UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_batch_get_frames(IntPtr batch, Frame* frames, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_batch_checksum(IntPtr batch, out ulong checksum);
        [DllImport(HarnessLib)] public static extern int ra_ac_bench_run(int kind, UIntPtr objects, int ticks, uint threads, out double msPerTick, out ulong checksum);

        [DllImport(Lib)] public static extern int ra_ck_scene_open(byte[] path, out IntPtr scene);
        [DllImport(Lib)] public static extern int ra_ck_scene_open_memory(byte* data, UIntPtr size, byte[] name, out IntPtr scene);
        [DllImport(Lib)] public static extern int ra_ck_scene_close(IntPtr scene);
        [DllImport(Lib)] public static extern int ra_ck_scene_find_entity(SceneHandle scene, byte[] name, out IntPtr entity);
        [DllImport(Lib)] public static extern int ra_ck_scene_find_mesh(SceneHandle scene, byte[] name, out IntPtr mesh);
        [DllImport(Lib)] public static extern int ra_ck_scene_find_material(SceneHandle scene, byte[] name, out IntPtr material);
        [DllImport(Lib)] public static extern int ra_ck_scene_find_texture(SceneHandle scene, byte[] name, out IntPtr texture);
        [DllImport(Lib)] public static extern int ra_ck_entity_get_mesh(IntPtr entity, out IntPtr mesh);
        [DllImport(Lib)] public static extern int ra_ck_mesh_get_info(IntPtr mesh, out CkMeshInfo info);
        [DllImport(Lib)] public static extern int ra_ck_mesh_get_vertices(IntPtr mesh, float* positions, float* normals, float* uvs, uint* colors, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ck_mesh_get_faces(IntPtr mesh, uint* indices, uint* materialSlots, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ck_mesh_get_material(IntPtr mesh, UIntPtr slot, out IntPtr material);
        [DllImport(Lib)] public static extern int ra_ck_material_get_info(IntPtr material, out CkMaterialInfo info);
        [DllImport(Lib)] public static extern int ra_ck_material_get_texture(IntPtr material, out IntPtr texture);
        [DllImport(Lib)] public static extern int ra_ck_texture_get_info(IntPtr texture, out CkTextureInfo info);
        [DllImport(Lib)] public static extern int ra_ck_texture_get_file_name(IntPtr texture, out IntPtr name);
        [DllImport(Lib)] public static extern int ra_ck_texture_load_image(IntPtr texture, byte[] textureDir, out IntPtr image);
        [DllImport(Lib)] public static extern int ra_image_get_size(IntPtr image, out uint width, out uint height);
        [DllImport(Lib)] public static extern int ra_image_get_pixels(IntPtr image, out byte* rgba, out UIntPtr size);
        [DllImport(Lib)] public static extern int ra_image_free(IntPtr image);
        [DllImport(Lib)] public static extern int ra_ac_dat_load_mesh(DatHandle dat, uint gfxObjId, out IntPtr mesh);
        [DllImport(Lib)] public static extern int ra_ac_mesh_free(IntPtr mesh);
        [DllImport(Lib)] public static extern int ra_ac_mesh_get_info(IntPtr mesh, out AcMeshInfo info);
        [DllImport(Lib)] public static extern int ra_ac_mesh_get_vertices(IntPtr mesh, float* positions, float* normals, float* uvs, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_mesh_get_indices(IntPtr mesh, uint* indices, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_mesh_get_submeshes(IntPtr mesh, AcSubmesh* submeshes, UIntPtr count);
        [DllImport(Lib)] public static extern int ra_ac_dat_get_surface(DatHandle dat, uint surfaceId, out AcSurface surface);
        [DllImport(Lib)] public static extern int ra_ac_dat_load_texture(DatHandle dat, uint textureId, uint paletteId, int clipmap, out IntPtr image);

        /// <summary>Throws RetroanimException for a nonzero code.</summary>
        public static void Check(int rc)
        {
            if (rc != Status.Ok) throw new RetroanimException(rc, LastError());
        }

        /// <summary>A NUL-terminated UTF-8 copy of s (null stays null).</summary>
        public static byte[] Z(string s) { return s == null ? null : System.Text.Encoding.UTF8.GetBytes(s + "\0"); }

        public static string LastError() { return Utf8(ra_last_error()); }

        public static string Utf8(IntPtr p)
        {
            if (p == IntPtr.Zero) return "";
            int n = 0;
            byte* b = (byte*)p;
            while (b[n] != 0) ++n;
            return System.Text.Encoding.UTF8.GetString(b, n);
        }
    }

    // ---- SafeHandles: the C handles, freed exactly once ----

    public abstract class RaHandle : SafeHandle
    {
        protected RaHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }
        internal void Set(IntPtr h) { SetHandle(h); }
    }
    public sealed class DatHandle : RaHandle
    {
        protected override bool ReleaseHandle() { return Native.ra_ac_dat_free(handle) == 0; }
    }
    public sealed class ProviderHandle : RaHandle
    {
        internal bool Owned = true;  // a scenario's provider is the scenario's
        protected override bool ReleaseHandle() { return !Owned || Native.ra_ac_provider_free(handle) == 0; }
    }
    public sealed class ScenarioHandle : RaHandle
    {
        protected override bool ReleaseHandle() { return Native.ra_ac_scenario_free(handle) == 0; }
    }
    public sealed class ObjectHandle : RaHandle
    {
        protected override bool ReleaseHandle() { return Native.ra_ac_object_free(handle) == 0; }
    }
    public sealed class SceneHandle : RaHandle
    {
        protected override bool ReleaseHandle() { return Native.ra_ck_scene_close(handle) == 0; }
    }
    public sealed class BatchHandle : RaHandle
    {
        protected override bool ReleaseHandle() { return Native.ra_ac_batch_free(handle) == 0; }
    }

    // ---- The idiomatic surface ----

    /// <summary>An open portal.dat, read-only and shareable by every thread.</summary>
    public sealed class Dat : IDisposable
    {
        public readonly DatHandle Handle = new DatHandle();
        public Dat(string path)
        {
            IntPtr h;
            Native.Check(Native.ra_ac_dat_open(Native.Z(path), out h));
            Handle.Set(h);
        }
        public unsafe Dat(byte[] bytes, string name)
        {
            IntPtr h;
            fixed (byte* p = bytes) Native.Check(Native.ra_ac_dat_open_memory(p, (UIntPtr)bytes.Length, Native.Z(name), out h));
            Handle.Set(h);
        }
        public void Dispose() { Handle.Dispose(); }
    }

    /// <summary>Animations, setups and motion tables by id: from a dat, or the benchmark workload.</summary>
    public sealed class Provider : IDisposable
    {
        public readonly ProviderHandle Handle = new ProviderHandle();
        internal Provider(IntPtr h, bool owned) { Handle.Owned = owned; Handle.Set(h); }
        public static Provider FromDat(Dat dat)
        {
            IntPtr h;
            Native.Check(Native.ra_ac_provider_from_dat(dat.Handle, out h));
            return new Provider(h, true);
        }
        /// <summary>The workload of bench/ac_update.cpp: 0 cyclic, 1 many animations, 2 moving.</summary>
        public static Provider Workload(int kind)
        {
            IntPtr h;
            Native.Check(Native.ra_ac_provider_create_workload(kind, out h));
            return new Provider(h, true);
        }
        public void Dispose() { Handle.Dispose(); }
    }

    /// <summary>An AC scenario file's data (animations, motion table, initial frame), its steps left to the caller.</summary>
    public sealed class Scenario : IDisposable
    {
        public readonly ScenarioHandle Handle = new ScenarioHandle();
        public readonly Provider Provider;
        public Scenario(string path)
        {
            IntPtr h, p;
            Native.Check(Native.ra_ac_scenario_load(Native.Z(path), out h));
            Handle.Set(h);
            Native.Check(Native.ra_ac_scenario_get_provider(Handle, out p));
            Provider = new Provider(p, false);
        }
        public Frame InitialFrame
        {
            get { Frame f; Native.Check(Native.ra_ac_scenario_get_initial_frame(Handle, out f)); return f; }
        }
        public bool HasMotionTable
        {
            get { int has; Native.Check(Native.ra_ac_scenario_has_motion_table(Handle, out has)); return has != 0; }
        }
        public void AttachMotionTable(PhysicsObject obj) { Native.Check(Native.ra_ac_scenario_attach_motion_table(Handle, obj.Handle)); }
        /// <summary>The JSON of the inline hook a HookEvent's Tag names, as the trace prints it.</summary>
        public string HookJson(uint tag)
        {
            IntPtr p;
            Native.Check(Native.ra_ac_scenario_get_hook_json(Handle, tag, out p));
            return Native.Utf8(p);
        }
        public void Dispose() { Provider.Dispose(); Handle.Dispose(); }
    }

    /// <summary>One physics object: its parts, sequence, motion table manager and hook events.</summary>
    public sealed unsafe class PhysicsObject : IDisposable
    {
        public readonly ObjectHandle Handle = new ObjectHandle();
        public readonly ulong Id;
        public readonly MotionTableManager Motion;

        /// <summary>An object with the parts of setup `setupId` from the provider.</summary>
        public PhysicsObject(Provider provider, uint setupId, ulong id) : this(provider, setupId, 0, id) { }
        /// <summary>setupId 0: `partCount` parts and no spheres.</summary>
        public PhysicsObject(Provider provider, uint setupId, uint partCount, ulong id)
        {
            IntPtr h;
            bool added = false;
            provider.Handle.DangerousAddRef(ref added);
            try { Native.Check(Native.ra_ac_object_create(provider.Handle.DangerousGetHandle(), setupId, partCount, id, out h)); }
            finally { if (added) provider.Handle.DangerousRelease(); }
            Handle.Set(h);
            Id = id;
            Motion = new MotionTableManager(this);
            Interp = new MotionInterp(this);
        }

        /// <summary>The object's motion interpreter (after CreateInterp).</summary>
        public readonly MotionInterp Interp;

        /// <summary>Gives the object its CMotionInterp, with a weenie answering as `weenie`
        /// (CreateInterp() : no weenie). Needs a motion table; one per object.</summary>
        public void CreateInterp(Weenie weenie) { Native.Check(Native.ra_ac_object_create_interp(Handle, &weenie)); }
        public void CreateInterp() { Native.Check(Native.ra_ac_object_create_interp(Handle, null)); }
        public bool HasInterp
        {
            get { int h; Native.Check(Native.ra_ac_object_has_interp(Handle, out h)); return h != 0; }
        }

        /// <summary>The contact block of CPhysicsObj::SetPositionInternal (HitGround/LeaveGround reach the interpreter).</summary>
        public void SetContact(bool contact, bool onWalkable)
        {
            Native.Check(Native.ra_ac_object_set_contact(Handle, contact ? 1 : 0, onWalkable ? 1 : 0));
        }
        /// <summary>CPhysicsObj::set_on_walkable.</summary>
        public void SetOnWalkable(bool onWalkable) { Native.Check(Native.ra_ac_object_set_on_walkable(Handle, onWalkable ? 1 : 0)); }
        /// <summary>CPhysicsObj::last_move_was_autonomous.</summary>
        public void SetAutonomous(bool autonomous) { Native.Check(Native.ra_ac_object_set_autonomous(Handle, autonomous ? 1 : 0)); }
        /// <summary>Whether the object is in a cell (true by default).</summary>
        public void SetInCell(bool inCell) { Native.Check(Native.ra_ac_object_set_in_cell(Handle, inCell ? 1 : 0)); }
        /// <summary>The global velocity (m_velocityVector).</summary>
        public void GetVelocity(out float x, out float y, out float z)
        {
            float* v = stackalloc float[3];
            Native.Check(Native.ra_ac_object_get_velocity(Handle, v));
            x = v[0]; y = v[1]; z = v[2];
        }
        /// <summary>CPhysicsObj::CheckForCompletedMotions (needs a motion table).</summary>
        public void CheckForCompletedMotions() { Native.Check(Native.ra_ac_object_check_completed_motions(Handle)); }
        /// <summary>The timing of `motion` from a state, with the object's motion table.</summary>
        public MotionTiming Timing(uint style, uint substate, float substateSpeed, uint motion, float speed)
        {
            IntPtr t;
            Native.Check(Native.ra_ac_object_motion_timing(Handle, style, substate, substateSpeed, motion, speed, out t));
            return new MotionTiming(t);
        }

        public void AttachMotionTable(Provider provider, uint tableId)
        {
            Native.Check(Native.ra_ac_object_attach_motion_table(Handle, provider.Handle, tableId));
        }

        /// <summary>Sets the PhysicsState and TransientState bits (0x2 = on a walkable surface).</summary>
        public void SetState(uint state, uint transientState) { Native.Check(Native.ra_ac_object_set_state(Handle, state, transientState)); }
        public void GetState(out uint state, out uint transientState) { Native.Check(Native.ra_ac_object_get_state(Handle, out state, out transientState)); }

        /// <summary>The object frame; setting it places the parts (CPhysicsObj::set_frame).</summary>
        public Frame Frame
        {
            get { Frame f; Native.Check(Native.ra_ac_object_get_frame(Handle, out f)); return f; }
            set { Native.Check(Native.ra_ac_object_set_frame(Handle, ref value)); }
        }
        public int PartCount
        {
            get { UIntPtr n; Native.Check(Native.ra_ac_object_count_parts(Handle, out n)); return (int)n; }
        }
        /// <summary>Copies the parts' frames into `frames` (exactly PartCount long).</summary>
        public void GetPartFrames(Frame[] frames)
        {
            fixed (Frame* p = frames) Native.Check(Native.ra_ac_object_get_part_frames(Handle, p, (UIntPtr)frames.Length));
        }

        // Raw sequence calls (CSequence).
        public void AppendAnimation(uint animId, float framerate = 30.0f, int low = 0, int high = -1)
        {
            Native.Check(Native.ra_ac_object_append_animation(Handle, animId, framerate, low, high));
        }
        public void ClearSequence() { Native.Check(Native.ra_ac_object_clear_sequence(Handle)); }
        public void SetVelocity(float x, float y, float z)
        {
            float* v = stackalloc float[3]; v[0] = x; v[1] = y; v[2] = z;
            Native.Check(Native.ra_ac_object_set_velocity(Handle, v));
        }
        public void SetOmega(float x, float y, float z)
        {
            float* v = stackalloc float[3]; v[0] = x; v[1] = y; v[2] = z;
            Native.Check(Native.ra_ac_object_set_omega(Handle, v));
        }
        public void MultiplyFramerate(float multiplier) { Native.Check(Native.ra_ac_object_multiply_framerate(Handle, multiplier)); }
        public void RemoveCyclic() { Native.Check(Native.ra_ac_object_remove_cyclic(Handle)); }
        public void RemoveAllLinks() { Native.Check(Native.ra_ac_object_remove_all_links(Handle)); }
        /// <summary>CSequence::update alone: the object does not move, hooks stay queued.</summary>
        public void UpdateSequence(double dt) { Native.Check(Native.ra_ac_object_update_sequence(Handle, dt, null)); }
        public SequenceState SequenceState
        {
            get { SequenceState s; Native.Check(Native.ra_ac_object_get_sequence_state(Handle, out s)); return s; }
        }

        /// <summary>The scenario runner's update step: dt seconds on the sequence's own clock.</summary>
        public void Advance(double dt) { Native.Check(Native.ra_ac_object_advance(Handle, dt)); }
        /// <summary>CPhysicsObj::update_object to `time` seconds.</summary>
        public void Update(double time) { Native.Check(Native.ra_ac_object_update(Handle, time)); }
        /// <summary>CPhysicsObj::UpdateObjectInternal for one quantum.</summary>
        public void Tick(float quantum) { Native.Check(Native.ra_ac_object_tick(Handle, quantum)); }

        /// <summary>The hooks received since the last drain, then forgotten.</summary>
        public HookEvent[] DrainEvents()
        {
            HookEvent* p;
            UIntPtr n;
            Native.Check(Native.ra_ac_object_get_events(Handle, out p, out n));
            var events = new HookEvent[(int)n];
            for (int i = 0; i < events.Length; ++i) events[i] = p[i];
            Native.Check(Native.ra_ac_object_clear_events(Handle));
            return events;
        }

        public void Dispose() { Handle.Dispose(); }
    }

    /// <summary>An object's MotionTableManager (needs a motion table on the object).</summary>
    public sealed unsafe class MotionTableManager
    {
        readonly PhysicsObject obj_;
        internal MotionTableManager(PhysicsObject obj) { obj_ = obj; }
        public void SetDefaultState() { Native.Check(Native.ra_ac_object_set_default_state(obj_.Handle)); }
        /// <summary>PerformMovement of DoObjectMotion; returns the client's WERROR (0 = performed).</summary>
        public uint Perform(uint motion, float speed = 1.0f)
        {
            uint e; Native.Check(Native.ra_ac_object_perform(obj_.Handle, motion, speed, out e)); return e;
        }
        public uint Stop(uint motion, float speed = 1.0f)
        {
            uint e; Native.Check(Native.ra_ac_object_stop(obj_.Handle, motion, speed, out e)); return e;
        }
        public uint StopCompletely()
        {
            uint e; Native.Check(Native.ra_ac_object_stop_completely(obj_.Handle, out e)); return e;
        }
        public MotionState State
        {
            get { MotionState s; Native.Check(Native.ra_ac_object_get_motion_state(obj_.Handle, out s)); return s; }
        }
        public uint[] Modifiers()
        {
            var ids = new uint[(int)State.ModifierCount];
            fixed (uint* p = ids) Native.Check(Native.ra_ac_object_get_modifiers(obj_.Handle, p, (UIntPtr)ids.Length));
            return ids;
        }
        public PendingMotion[] Pending()
        {
            var q = new PendingMotion[(int)State.PendingCount];
            fixed (PendingMotion* p = q) Native.Check(Native.ra_ac_object_get_pending(obj_.Handle, p, (UIntPtr)q.Length));
            return q;
        }
        /// <summary>The motions reported done since the last call.</summary>
        public uint[] TakeDone()
        {
            uint* p; UIntPtr n;
            Native.Check(Native.ra_ac_object_take_done(obj_.Handle, out p, out n));
            var done = new uint[(int)n];
            for (int i = 0; i < done.Length; ++i) done[i] = p[i];
            return done;
        }
    }

    /// <summary>An object's CMotionInterp (needs PhysicsObject.CreateInterp). Methods returning uint give the client's WERROR (0 = success).</summary>
    public sealed unsafe class MotionInterp
    {
        readonly PhysicsObject obj_;
        internal MotionInterp(PhysicsObject obj) { obj_ = obj; }
        ObjectHandle H { get { return obj_.Handle; } }

        /// <summary>The weenie's answers from now on (nothing re-applied; the interpreter must have a weenie).</summary>
        public void SetWeenie(Weenie weenie) { Native.Check(Native.ra_ac_object_set_weenie(H, &weenie)); }
        public void EnterDefaultState() { Native.Check(Native.ra_ac_object_interp_enter_default_state(H)); }
        public uint DoMotion(uint motion) { uint e; Native.Check(Native.ra_ac_object_do_motion(H, motion, null, out e)); return e; }
        public uint DoMotion(uint motion, MovementParams p) { uint e; Native.Check(Native.ra_ac_object_do_motion(H, motion, &p, out e)); return e; }
        public uint StopMotion(uint motion) { uint e; Native.Check(Native.ra_ac_object_stop_motion(H, motion, null, out e)); return e; }
        public uint StopMotion(uint motion, MovementParams p) { uint e; Native.Check(Native.ra_ac_object_stop_motion(H, motion, &p, out e)); return e; }
        public uint DoInterpretedMotion(uint motion, MovementParams p)
        {
            uint e; Native.Check(Native.ra_ac_object_do_interpreted_motion(H, motion, &p, out e)); return e;
        }
        public uint StopInterpretedMotion(uint motion, MovementParams p)
        {
            uint e; Native.Check(Native.ra_ac_object_stop_interpreted_motion(H, motion, &p, out e)); return e;
        }
        /// <summary>CMotionInterp::StopCompletely (MotionTableManager.StopCompletely is the manager's).</summary>
        public uint StopCompletely() { uint e; Native.Check(Native.ra_ac_object_interp_stop_completely(H, out e)); return e; }
        public void SetHoldKey(uint key, bool cancelMoveTo = false) { Native.Check(Native.ra_ac_object_set_hold_key(H, key, cancelMoveTo ? 1 : 0)); }
        public void SetHoldRun(bool run, bool cancelMoveTo = false) { Native.Check(Native.ra_ac_object_set_hold_run(H, run ? 1 : 0, cancelMoveTo ? 1 : 0)); }
        public void ApplyCurrentMovement(bool cancelMoveTo, bool disallowJump)
        {
            Native.Check(Native.ra_ac_object_apply_current_movement(H, cancelMoveTo ? 1 : 0, disallowJump ? 1 : 0));
        }
        public void ApplyRawMovement(bool cancelMoveTo, bool disallowJump)
        {
            Native.Check(Native.ra_ac_object_apply_raw_movement(H, cancelMoveTo ? 1 : 0, disallowJump ? 1 : 0));
        }
        public void ApplyInterpretedMovement(bool cancelMoveTo, bool disallowJump)
        {
            Native.Check(Native.ra_ac_object_apply_interpreted_movement(H, cancelMoveTo ? 1 : 0, disallowJump ? 1 : 0));
        }
        public uint ChargeJump() { uint e; Native.Check(Native.ra_ac_object_charge_jump(H, out e)); return e; }
        /// <summary>CMotionInterp::jump; the weenie's stamina cost comes back in `stamina`.</summary>
        public uint Jump(float extent, out int stamina) { uint e; Native.Check(Native.ra_ac_object_jump(H, extent, out stamina, out e)); return e; }
        public void HitGround() { Native.Check(Native.ra_ac_object_interp_hit_ground(H)); }
        public void LeaveGround() { Native.Check(Native.ra_ac_object_interp_leave_ground(H)); }

        public RawMotionState RawState
        {
            get { RawMotionState s; Native.Check(Native.ra_ac_object_get_raw_state(H, out s)); return s; }
            set { Native.Check(Native.ra_ac_object_set_raw_state(H, ref value)); }
        }
        public ActionNode[] RawActions()
        {
            var a = new ActionNode[(int)RawState.ActionCount];
            fixed (ActionNode* p = a) Native.Check(Native.ra_ac_object_get_raw_actions(H, p, (UIntPtr)a.Length));
            return a;
        }
        public InterpretedMotionState InterpretedState
        {
            get { InterpretedMotionState s; Native.Check(Native.ra_ac_object_get_interpreted_state(H, out s)); return s; }
        }
        public ActionNode[] InterpretedActions()
        {
            var a = new ActionNode[(int)InterpretedState.ActionCount];
            fixed (ActionNode* p = a) Native.Check(Native.ra_ac_object_get_interpreted_actions(H, p, (UIntPtr)a.Length));
            return a;
        }
        /// <summary>CMotionInterp::move_to_interpreted_state (a server's state and its actions); returns its result.</summary>
        public uint MoveToInterpretedState(InterpretedMotionState state, ActionNode[] actions)
        {
            uint r;
            fixed (ActionNode* p = actions)
                Native.Check(Native.ra_ac_object_move_to_interpreted_state(H, ref state, p, (UIntPtr)(actions == null ? 0 : actions.Length), out r));
            return r;
        }
        public InterpState State
        {
            get { InterpState s; Native.Check(Native.ra_ac_object_get_interp_state(H, out s)); return s; }
        }
        public InterpPending[] Pending()
        {
            var q = new InterpPending[(int)State.PendingCount];
            fixed (InterpPending* p = q) Native.Check(Native.ra_ac_object_get_interp_pending(H, p, (UIntPtr)q.Length));
            return q;
        }
        /// <summary>CMotionInterp::get_state_velocity (object-local).</summary>
        public void GetStateVelocity(out float x, out float y, out float z)
        {
            float* v = stackalloc float[3];
            Native.Check(Native.ra_ac_object_get_state_velocity(H, v));
            x = v[0]; y = v[1]; z = v[2];
        }
        public float MaxSpeed
        {
            get { float f; Native.Check(Native.ra_ac_object_get_max_speed(H, out f)); return f; }
        }
    }

    /// <summary>How long a motion takes from a state and when its hooks fire (the C API's motion timing), copied out.</summary>
    public sealed unsafe class MotionTiming
    {
        public readonly TimingSummary Summary;
        public readonly TimedAnimation[] Animations;
        public readonly TimedHook[] Hooks;
        public bool Performed { get { return Summary.Performed != 0; } }

        internal MotionTiming(IntPtr t)
        {
            try
            {
                Native.Check(Native.ra_ac_motion_timing_get_summary(t, out Summary));
                Animations = new TimedAnimation[(int)Summary.AnimationCount];
                Hooks = new TimedHook[(int)Summary.HookCount];
                fixed (TimedAnimation* p = Animations) Native.Check(Native.ra_ac_motion_timing_get_animations(t, p, (UIntPtr)Animations.Length));
                fixed (TimedHook* p = Hooks) Native.Check(Native.ra_ac_motion_timing_get_hooks(t, p, (UIntPtr)Hooks.Length));
            }
            finally { Native.ra_ac_motion_timing_free(t); }
        }

        /// <summary>With motion table `tableId` of a dat's provider and its animations.</summary>
        public static MotionTiming Query(Provider provider, uint tableId, uint style, uint substate, float substateSpeed,
                                         uint motion, float speed)
        {
            IntPtr t;
            Native.Check(Native.ra_ac_motion_timing_create(provider.Handle, tableId, style, substate, substateSpeed, motion, speed, out t));
            return new MotionTiming(t);
        }
    }

    /// <summary>Many objects ticked by one call (no per-object marshalling): the server's 30 Hz update.</summary>
    public sealed unsafe class Batch : IDisposable
    {
        readonly BatchHandle handle_ = new BatchHandle();
        readonly PhysicsObject[] objects_;
        readonly IntPtr raw_;

        /// <summary>threads: 1 = the calling thread only, 0 = one per core.</summary>
        public Batch(PhysicsObject[] objects, uint threads = 1)
        {
            objects_ = (PhysicsObject[])objects.Clone();
            var raw = new IntPtr[objects_.Length];
            for (int i = 0; i < raw.Length; ++i) raw[i] = objects_[i].Handle.DangerousGetHandle();
            IntPtr h;
            fixed (IntPtr* p = raw) Native.Check(Native.ra_ac_batch_create(p, (UIntPtr)raw.Length, threads, out h));
            handle_.Set(h);
            raw_ = h;
        }
        public int Count { get { return objects_.Length; } }

        /// <summary>The pool's thresholds: the least estimated work per thread, in ns, before a tick is split,
        /// when ticks come back to back and after a pause (0 = always split; defaults 10000 and 750000).</summary>
        public void SetMinWork(ulong backToBackNs, ulong idleNs)
        {
            Native.Check(Native.ra_ac_batch_set_min_work(raw_, backToBackNs, idleNs));
            GC.KeepAlive(this);
        }

        /// <summary>One quantum on every object; the events of the tick replace the last tick's.</summary>
        public void Tick(float quantum) { Native.Check(Native.ra_ac_batch_tick(raw_, quantum)); GC.KeepAlive(this); }

        /// <summary>The last tick's events, in object order, read in place (valid until the next Tick).</summary>
        public HookEvent* Events(out int count)
        {
            HookEvent* p; UIntPtr n;
            Native.Check(Native.ra_ac_batch_get_events(raw_, out p, out n));
            count = (int)n;
            return p;
        }
        /// <summary>The last tick's events, copied.</summary>
        public HookEvent[] CopyEvents()
        {
            int n;
            HookEvent* p = Events(out n);
            var events = new HookEvent[n];
            for (int i = 0; i < n; ++i) events[i] = p[i];
            return events;
        }
        /// <summary>Every object's frame, in batch order (`frames` exactly Count long).</summary>
        public void GetFrames(Frame[] frames)
        {
            fixed (Frame* p = frames) Native.Check(Native.ra_ac_batch_get_frames(raw_, p, (UIntPtr)frames.Length));
        }
        /// <summary>`retroanim ac bench`'s FNV-1a 64 checksum of the objects' and parts' frames.</summary>
        public ulong Checksum()
        {
            ulong c; Native.Check(Native.ra_ac_batch_checksum(raw_, out c)); return c;
        }
        public void Dispose() { handle_.Dispose(); GC.KeepAlive(objects_); }
    }

    /// <summary>Decoded RGBA pixels, rows from the top (a texture of either engine).</summary>
    public sealed class Image
    {
        public readonly uint Width, Height;
        public readonly byte[] Rgba;  // Width * Height * 4 bytes
        internal unsafe Image(IntPtr h)
        {
            try
            {
                Native.Check(Native.ra_image_get_size(h, out Width, out Height));
                byte* p;
                UIntPtr n;
                Native.Check(Native.ra_image_get_pixels(h, out p, out n));
                Rgba = new byte[(int)n];
                Marshal.Copy((IntPtr)p, Rgba, 0, Rgba.Length);
            }
            finally { Native.ra_image_free(h); }
        }
    }

    /// <summary>A loaded Virtools file (.nmo/.cmo): its meshes, materials and textures for a port that draws.</summary>
    public sealed class Scene : IDisposable
    {
        public readonly SceneHandle Handle = new SceneHandle();
        public Scene(string path)
        {
            IntPtr h;
            Native.Check(Native.ra_ck_scene_open(Native.Z(path), out h));
            Handle.Set(h);
        }
        public unsafe Scene(byte[] bytes, string name)
        {
            IntPtr h;
            fixed (byte* p = bytes) Native.Check(Native.ra_ck_scene_open_memory(p, (UIntPtr)bytes.Length, Native.Z(name), out h));
            Handle.Set(h);
        }
        /// <summary>The current mesh of the 3D entity named `entity` (null when it has none).</summary>
        public CkMesh EntityMesh(string entity)
        {
            IntPtr e, m;
            Native.Check(Native.ra_ck_scene_find_entity(Handle, Native.Z(entity), out e));
            Native.Check(Native.ra_ck_entity_get_mesh(e, out m));
            return m == IntPtr.Zero ? null : new CkMesh(this, m);
        }
        public CkMesh FindMesh(string name)
        {
            IntPtr m;
            Native.Check(Native.ra_ck_scene_find_mesh(Handle, Native.Z(name), out m));
            return new CkMesh(this, m);
        }
        public CkMaterial FindMaterial(string name)
        {
            IntPtr m;
            Native.Check(Native.ra_ck_scene_find_material(Handle, Native.Z(name), out m));
            return new CkMaterial(this, m);
        }
        public CkTexture FindTexture(string name)
        {
            IntPtr t;
            Native.Check(Native.ra_ck_scene_find_texture(Handle, Native.Z(name), out t));
            return new CkTexture(this, t);
        }
        public void Dispose() { Handle.Dispose(); }
    }

    /// <summary>A CKMesh of a scene (valid while the scene is open): vertices, faces and material slots as stored.</summary>
    public sealed class CkMesh
    {
        readonly Scene scene_;
        readonly IntPtr h_;
        internal CkMesh(Scene scene, IntPtr h) { scene_ = scene; h_ = h; }
        public CkMeshInfo Info { get { CkMeshInfo i; Native.Check(Native.ra_ck_mesh_get_info(h_, out i)); return i; } }
        /// <summary>Positions and normals (3 floats a vertex), UVs (2) and ARGB colours.</summary>
        public unsafe void GetVertices(out float[] positions, out float[] normals, out float[] uvs, out uint[] colors)
        {
            int n = (int)Info.VertexCount;
            positions = new float[3 * n]; normals = new float[3 * n]; uvs = new float[2 * n]; colors = new uint[n];
            fixed (float* p = positions) fixed (float* q = normals) fixed (float* u = uvs) fixed (uint* c = colors)
                Native.Check(Native.ra_ck_mesh_get_vertices(h_, p, q, u, c, (UIntPtr)n));
        }
        /// <summary>Three vertex indices a face, and each face's material slot.</summary>
        public unsafe void GetFaces(out uint[] indices, out uint[] materialSlots)
        {
            int n = (int)Info.FaceCount;
            indices = new uint[3 * n]; materialSlots = new uint[n];
            fixed (uint* i = indices) fixed (uint* m = materialSlots) Native.Check(Native.ra_ck_mesh_get_faces(h_, i, m, (UIntPtr)n));
        }
        /// <summary>The material of a slot (null for an empty slot).</summary>
        public CkMaterial Material(int slot)
        {
            IntPtr m;
            Native.Check(Native.ra_ck_mesh_get_material(h_, (UIntPtr)slot, out m));
            return m == IntPtr.Zero ? null : new CkMaterial(scene_, m);
        }
    }

    /// <summary>A CKMaterial of a scene.</summary>
    public sealed class CkMaterial
    {
        readonly Scene scene_;
        readonly IntPtr h_;
        internal CkMaterial(Scene scene, IntPtr h) { scene_ = scene; h_ = h; }
        public CkMaterialInfo Info { get { CkMaterialInfo i; Native.Check(Native.ra_ck_material_get_info(h_, out i)); return i; } }
        /// <summary>The main texture (null when none).</summary>
        public CkTexture Texture
        {
            get
            {
                IntPtr t;
                Native.Check(Native.ra_ck_material_get_texture(h_, out t));
                return t == IntPtr.Zero ? null : new CkTexture(scene_, t);
            }
        }
    }

    /// <summary>A CKTexture of a scene.</summary>
    public sealed class CkTexture
    {
        readonly Scene scene_;
        readonly IntPtr h_;
        internal CkTexture(Scene scene, IntPtr h) { scene_ = scene; h_ = h; }
        public CkTextureInfo Info { get { CkTextureInfo i; Native.Check(Native.ra_ck_texture_get_info(h_, out i)); return i; } }
        public string FileName { get { IntPtr p; Native.Check(Native.ra_ck_texture_get_file_name(h_, out p)); return Native.Utf8(p); } }
        /// <summary>The pixels: embedded, or the external image found as the game finds it (textureDir first, may be null).</summary>
        public Image LoadImage(string textureDir)
        {
            IntPtr i;
            Native.Check(Native.ra_ck_texture_load_image(h_, Native.Z(textureDir), out i));
            GC.KeepAlive(scene_);
            return new Image(i);
        }
    }

    /// <summary>A GfxObj's triangles as the client draws it at close range (dat coordinates, one submesh per surface).</summary>
    public sealed class AcMesh
    {
        public readonly AcMeshInfo Info;
        public readonly float[] Positions, Normals, Uvs;
        public readonly uint[] Indices;
        public readonly AcSubmesh[] Submeshes;
        public unsafe AcMesh(Dat dat, uint gfxObjId)
        {
            IntPtr h;
            Native.Check(Native.ra_ac_dat_load_mesh(dat.Handle, gfxObjId, out h));
            try
            {
                Native.Check(Native.ra_ac_mesh_get_info(h, out Info));
                int n = (int)Info.VertexCount;
                Positions = new float[3 * n]; Normals = new float[3 * n]; Uvs = new float[2 * n];
                Indices = new uint[Info.IndexCount];
                Submeshes = new AcSubmesh[Info.SubmeshCount];
                fixed (float* p = Positions) fixed (float* q = Normals) fixed (float* u = Uvs)
                    Native.Check(Native.ra_ac_mesh_get_vertices(h, p, q, u, (UIntPtr)n));
                fixed (uint* i = Indices) Native.Check(Native.ra_ac_mesh_get_indices(h, i, (UIntPtr)Indices.Length));
                fixed (AcSubmesh* s = Submeshes) Native.Check(Native.ra_ac_mesh_get_submeshes(h, s, (UIntPtr)Submeshes.Length));
            }
            finally { Native.ra_ac_mesh_free(h); }
        }
    }

    /// <summary>Surfaces and texture pixels of a dat.</summary>
    public static class AcGraphics
    {
        public static AcSurface Surface(Dat dat, uint surfaceId)
        {
            AcSurface s;
            Native.Check(Native.ra_ac_dat_get_surface(dat.Handle, surfaceId, out s));
            return s;
        }
        /// <summary>A SurfaceTexture's (or RenderSurface's) pixels; paletteId 0: the image's own.</summary>
        public static Image Texture(Dat dat, uint textureId, uint paletteId, bool clipmap)
        {
            IntPtr i;
            Native.Check(Native.ra_ac_dat_load_texture(dat.Handle, textureId, paletteId, clipmap ? 1 : 0, out i));
            return new Image(i);
        }
    }

    /// <summary>The library's own timing of the C++ batched tick, for comparison in the same process.</summary>
    public static class Bench
    {
        public static double CppMsPerTick(int kind, int objects, int ticks, uint threads, out ulong checksum)
        {
            double ms;
            Native.Check(Native.ra_ac_bench_run(kind, (UIntPtr)objects, ticks, threads, out ms, out checksum));
            return ms;
        }
    }

    /// <summary>FNV-1a 64 over floats' little-endian bytes (the checksum of `retroanim ac bench`).</summary>
    public struct Fnv1a64
    {
        ulong h_;
        bool started_;
        public void Add(float f)
        {
            if (!started_) { h_ = 0xcbf29ce484222325UL; started_ = true; }
            uint bits = (uint)BitConverter.ToInt32(BitConverter.GetBytes(f), 0);
            for (int i = 0; i < 4; ++i) h_ = (h_ ^ ((bits >> (8 * i)) & 0xff)) * 0x100000001b3UL;
        }
        public void Add(Frame f) { Add(f.X); Add(f.Y); Add(f.Z); Add(f.Qw); Add(f.Qx); Add(f.Qy); Add(f.Qz); }
        public ulong Value { get { return started_ ? h_ : 0xcbf29ce484222325UL; } }
    }
}

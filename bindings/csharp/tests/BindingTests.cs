// Tests of the C# binding (run by ctest as csharp_binding_tests):
//   mono BindingTests.exe SCENARIO.json [INTERP_SCENARIO.json [DEMO.dat [MenuLevel.nmo]]]
// Events, frames and batches through the binding, the motion interpreter and
// motion timing (on the second scenario's motion table), the demo dat's
// meshes, surfaces and textures, MenuLevel.nmo's (when the file is present:
// skipped, saying so, otherwise), and bad input turned into
// RetroanimException with the C API's code and message.
using System;
using System.Collections.Generic;
using Retroanim;

static class BindingTests
{
    static int passed, failed;

    static void Check(bool ok, string what)
    {
        if (ok) { ++passed; return; }
        ++failed;
        Console.Error.WriteLine("FAILED: " + what);
    }

    static void Throws(int code, Action a, string what)
    {
        try
        {
            a();
            Check(false, what + ": no exception");
        }
        catch (RetroanimException e)
        {
            Check(e.Code == code && e.Message.Length > 0 && e.Message.IndexOf('\n') < 0,
                  what + ": code " + e.Code + " (expected " + code + "), message '" + e.Message + "'");
        }
    }

    // The motion interpreter and motion timing through the binding, on a
    // scenario's motion table (Ready, WalkForward, RunForward cycles).
    static void Interp(string path)
    {
        const uint Ready = 0x41000003, WalkForward = 0x45000005, RunForward = 0x44000007, NonCombat = 0x8000003D;
        MovementParams d = MovementParams.Default;
        Check(d.Bitfield == 0x1EE0F && d.Speed == 1.0f && d.WalkRunThreshhold == 15.0f, "MovementParams.Default is the constructor's");
        Weenie wd = Weenie.Default;
        Check(wd.IsPlayer == 1 && wd.IsCreature == 1 && wd.HasRunRate == 0 && wd.CanJump == 1, "Weenie.Default is a player creature");
        using (var sc = new Scenario(path))
        using (var o = new PhysicsObject(sc.Provider, 0, 1, 5))
        {
            Throws(Status.State, () => o.CreateInterp(), "an interpreter without a motion table");
            sc.AttachMotionTable(o);
            uint state, transient;
            o.GetState(out state, out transient);
            o.SetState(0x400, transient | 3);
            Throws(Status.State, () => o.Interp.EnterDefaultState(), "an interpreter call before CreateInterp");
            Check(!o.HasInterp, "no interpreter yet");
            Weenie w = Weenie.Default;
            w.HasRunRate = 1;
            w.RunRate = 1.5f;
            o.CreateInterp(w);
            Check(o.HasInterp, "the object has an interpreter");
            Throws(Status.State, () => o.CreateInterp(), "a second interpreter");
            Throws(Status.State, () => sc.AttachMotionTable(o), "a new motion table under an interpreter");
            o.Interp.EnterDefaultState();
            Check(o.Interp.State.Initted == 1, "enter_default_state: initted");
            o.Advance(0.1);
            o.SetAutonomous(true);  // the player's input (CPhysicsObj::DoMotion sets it)
            Check(o.Interp.DoMotion(WalkForward) == 0, "DoMotion(WalkForward) succeeds");
            Check(o.Interp.RawState.ForwardCommand == WalkForward, "the raw state holds the walk");
            Check(o.Interp.InterpretedState.ForwardCommand == WalkForward, "the interpreted state holds the walk");
            o.Advance(0.1);
            float x, y, z;
            o.Interp.GetStateVelocity(out x, out y, out z);
            Check(x == 0 && y == 3.12f && z == 0, "walk velocity 3.12 (" + y + ")");
            o.Interp.SetHoldRun(true);
            InterpretedMotionState s = o.Interp.InterpretedState;
            Check(s.ForwardCommand == RunForward && s.ForwardSpeed == 1.5f, "hold Run: RunForward at the weenie's run rate");
            Check(o.Interp.MaxSpeed == 6.0f, "get_max_speed: 4 times the run rate");
            w.RunRate = 2.0f;
            o.Interp.SetWeenie(w);
            Check(o.Interp.MaxSpeed == 8.0f, "the weenie's new run rate");
            o.Advance(0.1);
            Check(o.Interp.StopMotion(WalkForward) == 0, "StopMotion(WalkForward)");
            Check(o.Interp.InterpretedState.ForwardCommand == Ready, "stopped: Ready");
            o.Advance(0.2);
            int stamina;
            Check(o.Interp.Jump(0.5f, out stamina) == 0 && stamina == 0, "a jump from the ground");
            o.GetVelocity(out x, out y, out z);
            Check(z == 0.0f, "a weenie without a jump velocity: InqJumpVelocity false, no vertical velocity (" + z + ")");
            o.SetContact(false, false);
            Check(o.Interp.Jump(0.5f, out stamina) == 0x24, "no jump in the air");
            o.SetContact(true, true);
            Check(o.Interp.MoveToInterpretedState(InterpretedMotionState.Default, null) == 1, "move_to_interpreted_state gives 1");
            Check(o.Interp.RawActions().Length == 0 && o.Interp.InterpretedActions().Length == 0, "no actions");
            Check(o.Interp.Pending().Length == (int)o.Interp.State.PendingCount, "the pending motions read back");
            Check(o.Interp.StopCompletely() == 0, "StopCompletely");
            Throws(Status.Argument, () => o.Interp.SetHoldKey(5), "a hold key out of range");
            Throws(Status.Argument, () => o.Interp.Jump(float.NaN, out stamina), "a NaN jump extent");
            MovementParams bad = MovementParams.Default;
            bad.Speed = float.PositiveInfinity;
            Throws(Status.Argument, () => o.Interp.DoMotion(WalkForward, bad), "an infinite speed");

            MotionTiming t = o.Timing(NonCombat, Ready, 1.0f, WalkForward, 1.0f);
            Check(t.Performed && t.Animations.Length == (int)t.Summary.AnimationCount && t.Animations.Length > 0,
                  "a walk's timing from Ready");
            Check(t.Animations[t.Animations.Length - 1].Cyclic == 1, "the cycle comes last");
            Check(t.Hooks.Length == (int)t.Summary.HookCount, "the timing's hooks read back");
            MotionTiming none = o.Timing(NonCombat, Ready, 1.0f, 0x10000999, 1.0f);
            Check(!none.Performed && none.Animations.Length == 0, "a motion the table cannot perform");
            Throws(Status.Argument, () => o.Timing(NonCombat, Ready, float.NaN, WalkForward, 1.0f), "a NaN substate speed");
            Throws(Status.NotFound, () => MotionTiming.Query(sc.Provider, 0x09000001, NonCombat, Ready, 1.0f, WalkForward, 1.0f),
                   "a timing query on a provider without motion tables");
        }
    }

    // The demo dat's body box (harness/ac/gfx_samples.h: centre (0, 0, 0.75),
    // half sizes (0.25, 0.15, 0.75), six surfaces, the top double-sided and
    // the bottom with its own back) and its first texture (16 x 16 A8R8G8B8).
    static void AcGraphicsTests(string datPath)
    {
        using (var dat = new Dat(datPath))
        {
            var mesh = new AcMesh(dat, 0x01000001);
            Check(mesh.Info.VertexCount == 32 && mesh.Indices.Length == 48 && mesh.Submeshes.Length == 6,
                  "the body box: 32 corners, 16 triangles, 6 submeshes (" + mesh.Info.VertexCount + ")");
            Check(mesh.Positions.Length == 96 && mesh.Normals.Length == 96 && mesh.Uvs.Length == 64, "the vertex arrays");
            Check(mesh.Info.MinX == -0.25f && mesh.Info.MaxY == 0.15f && mesh.Info.MinZ == 0.0f && mesh.Info.MaxZ == 1.5f,
                  "the body box's bounds");
            AcSurface s = AcGraphics.Surface(dat, mesh.Submeshes[0].SurfaceId);
            Check(s.TextureId == 0x05000001 && (s.Type & 2) != 0, "the first surface is textured");
            Image img = AcGraphics.Texture(dat, s.TextureId, s.PaletteId, false);
            Check(img.Width == 16 && img.Height == 16 && img.Rgba.Length == 1024 && img.Rgba[3] == 255,
                  "the texture decodes to 16 x 16 RGBA, opaque at x = 0");
            AcSurface solid = AcGraphics.Surface(dat, mesh.Submeshes[1].SurfaceId);
            Check(solid.TextureId == 0 && solid.Color == 0xFFC08040u, "the second surface is the solid colour");
            Throws(Status.NotFound, () => new AcMesh(dat, 0x01000099), "a GfxObj not in the dat");
            Throws(Status.NotFound, () => AcGraphics.Texture(dat, 0x05000099, 0, false), "a texture not in the dat");
        }
    }

    // MenuLevel.nmo's stone ball mesh (107 vertices, 180 faces, 2 material
    // slots; tests/ck/io/test_mesh_io_files.cpp) and its material I_Ball_Stone.
    static unsafe void CkGraphicsTests(string nmoPath)
    {
        string dir = Environment.GetEnvironmentVariable("RETROANIM_BALLANCE_DIR");
        if (!string.IsNullOrEmpty(dir)) nmoPath = System.IO.Path.Combine(dir, "MenuLevel.nmo");
        if (!System.IO.File.Exists(nmoPath))
        {
            Console.WriteLine("skipped: the Virtools mesh tests (" + nmoPath + " not found; set RETROANIM_BALLANCE_DIR)");
            return;
        }
        using (var scene = new Scene(nmoPath))
        {
            CkMesh mesh = scene.FindMesh("I_Ball_Stone_Mesh");
            CkMeshInfo info = mesh.Info;
            Check(info.VertexCount == 107 && info.FaceCount == 180 && info.MaterialCount == 2,
                  "I_Ball_Stone_Mesh: 107 vertices, 180 faces, 2 slots (" + info.VertexCount + ", " + info.FaceCount + ")");
            float[] pos, nrm, uv;
            uint[] col, idx, slots;
            mesh.GetVertices(out pos, out nrm, out uv, out col);
            mesh.GetFaces(out idx, out slots);
            float maxX = float.MinValue;
            for (int i = 0; i < 107; ++i) maxX = Math.Max(maxX, pos[3 * i]);
            Check(Math.Abs(maxX - 2.04249f) < 1e-4f, "the stone's largest x is 2.04249 (" + maxX + ")");
            bool inRange = true;
            foreach (uint v in idx) inRange &= v < 107;
            Check(idx.Length == 540 && inRange, "every face names one of the 107 vertices");
            CkMaterial mat = mesh.Material((int)slots[0]);
            Check(mat != null, "face 0's slot has a material");
            CkMaterialInfo mi = scene.FindMaterial("I_Ball_Stone").Info;
            CkMaterialInfo fi = mat.Info;
            Check(fi.SpecularPower == mi.SpecularPower && fi.Diffuse[0] == mi.Diffuse[0], "face 0's material is I_Ball_Stone");
            CkTexture tex = mat.Texture;
            if (tex != null)
            {
                Check(tex.Info.Source == 1 && tex.FileName.Length > 0, "its texture names an external image: " + tex.FileName);
                try
                {
                    Image img = tex.LoadImage(null);
                    Check(img.Rgba.Length == img.Width * img.Height * 4, "the found image decodes");
                }
                catch (RetroanimException e)
                {
                    Check(e.Code == Status.NotFound && e.Message.Contains(tex.FileName), "a missing image names itself: " + e.Message);
                }
            }
            Throws(Status.NotFound, () => scene.FindMesh("No Such Mesh"), "a mesh not in the file");
        }
    }

    static unsafe int Main(string[] args)
    {
        Check(Native.Utf8(Native.ra_version()).Split('.').Length == 3, "ra_version is MAJOR.MINOR.PATCH");
        using (var provider = Provider.Workload(0))
        {
            var objects = new List<PhysicsObject>();
            for (int i = 0; i < 100; ++i)
            {
                var o = new PhysicsObject(provider, 0x02000001, (ulong)(1000 + i));
                o.Frame = new Frame(i, 0, 0, 1, 0, 0, 0);
                objects.Add(o);
            }
            Check(objects[0].PartCount == 30, "a workload object has 30 parts");
            Check(objects[5].Frame.X == 5.0f, "the frame reads back");

            // One object ticked alone receives its hooks as events.
            var lone = new PhysicsObject(provider, 0x02000001, 42);
            int sounds = 0;
            for (int t = 0; t < 30; ++t)
            {
                lone.Tick(1.0f / 30.0f);
                foreach (HookEvent e in lone.DrainEvents())
                {
                    Check(e.ObjectId == 42, "an event carries its object's id");
                    if (e.Type == HookType.Sound)
                    {
                        ++sounds;
                        Check(e.ToJson() == "{\"type\":1,\"direction\":" + e.Direction + ",\"sound_id\":" + e.UInt(0) + "}",
                              "a hook event's JSON: " + e.ToJson());
                    }
                }
            }
            Check(sounds >= 2, "a second of the cyclic animation fires its Sound hooks (" + sounds + ")");

            // The batch: the same results on 1 and 2 threads, events in object order.
            using (var batch = new Batch(objects.ToArray(), 1))
            {
                int total = 0;
                for (int t = 0; t < 60; ++t)
                {
                    batch.Tick(1.0f / 30.0f);
                    HookEvent[] ev = batch.CopyEvents();
                    for (int i = 1; i < ev.Length; ++i) Check(ev[i - 1].ObjectId <= ev[i].ObjectId, "batch events in object order");
                    total += ev.Length;
                }
                Check(total > 0, "the batch hands out events");
                var frames = new Frame[objects.Count];
                batch.GetFrames(frames);
                Check(frames[7].X == objects[7].Frame.X, "batch frames are the objects' frames");
                Throws(Status.Argument, () => batch.GetFrames(new Frame[3]), "batch frames into a short array");
                Throws(Status.Argument, () => batch.Tick(float.NaN), "a NaN quantum");
                batch.SetMinWork(0, 0);  // every tick split (one thread here: the same)
                batch.Tick(1.0f / 30.0f);
                Throws(Status.Argument, () => batch.SetMinWork(2000000000, 0), "a min work above 1 s");
                Throws(Status.State, () => Native.Check(Native.ra_ac_object_free(objects[0].Handle.DangerousGetHandle())),
                       "freeing an object still in a batch");
            }
            var twice = new PhysicsObject[] { objects[0], objects[0] };
            Throws(Status.Argument, () => new Batch(twice, 1), "an object twice in a batch");

            Throws(Status.NotFound, () => new PhysicsObject(provider, 0x02000999, 1), "an unknown setup id");
            Throws(Status.NotFound, () => objects[1].AppendAnimation(0x03123456), "an unknown animation id");
            Throws(Status.Argument, () => objects[1].Update(double.NaN), "a NaN time");
            Throws(Status.Argument, () => objects[1].GetPartFrames(new Frame[29]), "part frames into a short array");
            Throws(Status.State, () => objects[1].Motion.Perform(0x45000005, 1.0f), "a motion without a motion table");
            Throws(Status.State, () => Native.Check(Native.ra_ac_provider_free(provider.Handle.DangerousGetHandle())),
                   "freeing a provider that still has objects");
            Throws(Status.Handle, () => Native.Check(Native.ra_ac_object_free(new IntPtr(0x12345))), "a foreign handle");
            Throws(Status.Argument, () => Provider.Workload(7), "an unknown workload kind");
            lone.Dispose();
            foreach (var o in objects) o.Dispose();
        }
        Throws(Status.Input, () => new Scenario("/no/such/scenario.json"), "a missing scenario file");
        Throws(Status.Input, () => new Dat(new byte[] { 1, 2, 3 }, "three bytes"), "a dat of three bytes");
        if (args.Length > 0)
        {
            using (var sc = new Scenario(args[0]))
            using (var o = new PhysicsObject(sc.Provider, 0, 1, 5))
            {
                Throws(Status.State, () => Native.Check(Native.ra_ac_provider_free(sc.Provider.Handle.DangerousGetHandle())), "a scenario provider is freed with its scenario");
                Check(sc.HookJson(1).StartsWith("{"), "an inline hook's JSON");
                Throws(Status.NotFound, () => sc.HookJson(9999), "an unknown hook tag");
            }
        }
        if (args.Length > 1) Interp(args[1]);
        if (args.Length > 2) AcGraphicsTests(args[2]);
        if (args.Length > 3) CkGraphicsTests(args[3]);
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}

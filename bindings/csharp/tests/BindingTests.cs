// Tests of the C# binding (run by ctest as csharp_binding_tests):
//   mono BindingTests.exe SCENARIO.json [INTERP_SCENARIO.json]
// Events, frames and batches through the binding, the motion interpreter and
// motion timing (on the second scenario's motion table), and bad input turned
// into RetroanimException with the C API's code and message.
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
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}

// Tests of the C# binding (run by ctest as csharp_binding_tests):
//   mono BindingTests.exe SCENARIO.json
// Events, frames and batches through the binding, and bad input turned into
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
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}

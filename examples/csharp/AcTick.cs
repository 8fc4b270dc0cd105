// Example (and test) of the C# binding: a server's 30 Hz tick of many objects.
//   mono AcTick.exe --objects N --ticks T [--threads K] [--compare [--rounds R]]
// Builds N objects of the workload of bench/ac_update.cpp (30-part objects
// playing a cyclic animation with hooks, spread over the cycle and a
// 100-wide grid, as src/bench/workload.cpp builds them) through the per-object
// calls, ticks them T times at 1/30 s through the binding's batched call
// (one P/Invoke per tick, no per-object marshalling) and prints
//   {"objects": N, "ticks": T, "ms_per_tick": ..., "checksum": "0x..."}
// with the FNV-1a 64 checksum of `retroanim ac bench` computed here from the
// frames read back. --compare also times the C++ batched call on the same
// workload in the same process (R rounds, each C# then C++; the fastest of
// each side kept) and adds "cpp_ms_per_tick", "ratio" (C# / C++ of the
// fastest), "ratio_median" (the median of the rounds' own ratios: a noisy
// stretch of the machine hits both sides of a round) and "cpp_checksum".
using System;
using System.Diagnostics;
using System.Globalization;
using Retroanim;

static class AcTick
{
    const uint Setup = 0x02000001;   // the workload's setup (30 parts, default animation 0x03000001)
    const uint OnWalkable = 0x2;     // TransientState: the animation's motion is applied

    static PhysicsObject[] MakeWorld(Provider provider, int count)
    {
        var objects = new PhysicsObject[count];
        for (int i = 0; i < count; ++i)
        {
            var o = new PhysicsObject(provider, Setup, (ulong)i);
            uint state, transient;
            o.GetState(out state, out transient);
            o.SetState(state, transient | OnWalkable);
            o.UpdateSequence((i % 60) / 30.0);  // spread over the cycle
            o.Frame = new Frame(i % 100, i / 100, 0, 1, 0, 0, 0);
            objects[i] = o;
        }
        return objects;
    }

    // Runs `ticks` ticks; returns ms per tick.
    static double Run(Batch batch, int ticks, out long hooks)
    {
        hooks = 0;
        var sw = Stopwatch.StartNew();
        for (int t = 0; t < ticks; ++t)
        {
            batch.Tick(1.0f / 30.0f);
            int n;
            unsafe { batch.Events(out n); }
            hooks += n;  // a server would dispatch them here
        }
        sw.Stop();
        return ticks > 0 ? sw.Elapsed.TotalMilliseconds / ticks : 0.0;
    }

    static ulong Checksum(PhysicsObject[] objects, Batch batch)
    {
        var frames = new Frame[objects.Length];
        batch.GetFrames(frames);
        var h = new Fnv1a64();
        Frame[] parts = null;
        for (int i = 0; i < objects.Length; ++i)
        {
            h.Add(frames[i]);
            int n = objects[i].PartCount;
            if (parts == null || parts.Length != n) parts = new Frame[n];
            objects[i].GetPartFrames(parts);
            for (int p = 0; p < n; ++p) h.Add(parts[p]);
        }
        return h.Value;
    }

    static int Main(string[] args)
    {
        int objects = 10000, ticks = 100, rounds = 3;
        uint threads = 1;
        bool compare = false;
        for (int i = 0; i < args.Length; ++i)
        {
            switch (args[i])
            {
                case "--objects": objects = int.Parse(args[++i], CultureInfo.InvariantCulture); break;
                case "--ticks": ticks = int.Parse(args[++i], CultureInfo.InvariantCulture); break;
                case "--threads": threads = uint.Parse(args[++i], CultureInfo.InvariantCulture); break;
                case "--rounds": rounds = int.Parse(args[++i], CultureInfo.InvariantCulture); break;
                case "--compare": compare = true; break;
                default:
                    Console.Error.WriteLine("usage: AcTick.exe --objects N --ticks T [--threads K] [--compare [--rounds R]]");
                    return 1;
            }
        }
        if (objects < 0 || ticks < 0 || rounds < 1)
        {
            Console.Error.WriteLine("AcTick: counts must be >= 0 (rounds >= 1)");
            return 1;
        }
        try
        {
            using (var provider = Provider.Workload(0))
            {
                double best = double.MaxValue, cppBest = double.MaxValue;
                ulong checksum = 0, cppChecksum = 0;
                var ratios = new double[compare ? rounds : 1];
                for (int r = 0; r < (compare ? rounds : 1); ++r)
                {
                    PhysicsObject[] world = MakeWorld(provider, objects);
                    double ms;
                    using (var batch = new Batch(world, threads))
                    {
                        long hooks;
                        ms = Run(batch, ticks, out hooks);
                        if (ms < best) best = ms;
                        if (r == 0) checksum = Checksum(world, batch);
                    }
                    foreach (var o in world) o.Dispose();
                    if (compare)
                    {
                        ulong c;
                        double cms = Bench.CppMsPerTick(0, objects, ticks, threads, out c);
                        if (cms < cppBest) cppBest = cms;
                        cppChecksum = c;
                        ratios[r] = cms > 0 ? ms / cms : 0.0;
                    }
                }
                var inv = CultureInfo.InvariantCulture;
                string line = string.Format(inv, "{{\"objects\": {0}, \"ticks\": {1}, \"ms_per_tick\": {2:F6}, \"checksum\": \"0x{3:x16}\"",
                                            objects, ticks, best, checksum);
                if (compare)
                {
                    Array.Sort(ratios);
                    double median = rounds % 2 == 1 ? ratios[rounds / 2] : 0.5 * (ratios[rounds / 2 - 1] + ratios[rounds / 2]);
                    line += string.Format(inv, ", \"threads\": {0}, \"rounds\": {1}, \"cpp_ms_per_tick\": {2:F6}, \"ratio\": {3:F3}, \"ratio_median\": {4:F3}, \"cpp_checksum\": \"0x{5:x16}\"",
                                          threads, rounds, cppBest, cppBest > 0 ? best / cppBest : 0.0, median, cppChecksum);
                }
                Console.WriteLine(line + "}");
            }
            return 0;
        }
        catch (RetroanimException e)
        {
            Console.Error.WriteLine("AcTick: " + e.Message);
            return 2;
        }
    }
}

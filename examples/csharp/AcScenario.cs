// Example (and test) of the C# binding: replays an AC scenario file
// (docs/formats/ac-scenario.md) through the per-object calls, one call per
// step, and prints the trace in the JSON Lines of `retroanim ac scenario`.
//   mono AcScenario.exe SCENARIO.json
// The scenario's data (animations inline and from its "dat", motion table,
// initial frame) is loaded by one call (Scenario); the steps are read here
// and each becomes one call on a PhysicsObject: append, velocity, omega,
// multiply_cyclic_framerate, remove_cyclic, remove_all_link, clear,
// set_default_state, perform, stop, stop_completely, update (Advance, then
// the trace line from what the object reports back: a hook with a tag is
// the scenario's inline JSON, any other, e.g. from the dat, is the JSON the
// C API builds from the event's payload fields).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using Retroanim;

static class AcScenario
{
    static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    static uint Id(object v)
    {
        if (v is double) return (uint)(double)v;
        var s = (string)v;
        if (s.StartsWith("0x") || s.StartsWith("0X")) return uint.Parse(s.Substring(2), NumberStyles.HexNumber, Inv);
        return uint.Parse(s, Inv);
    }

    static float F(object v) { return (float)(double)v; }

    static string Num(double d) { return d.ToString("R", Inv); }

    static void FrameJson(StringBuilder b, Frame f)
    {
        b.Append("{\"origin\":[").Append(Num(f.X)).Append(',').Append(Num(f.Y)).Append(',').Append(Num(f.Z));
        b.Append("],\"rotation\":[").Append(Num(f.Qw)).Append(',').Append(Num(f.Qx)).Append(',').Append(Num(f.Qy));
        b.Append(',').Append(Num(f.Qz)).Append("]}");
    }

    static void Main2(string path)
    {
        var root = (JsonObject)Json.Parse(File.ReadAllText(path));
        using (var scenario = new Scenario(path))
        using (var obj = new PhysicsObject(scenario.Provider, 0, 0, 1))
        {
            obj.Frame = scenario.InitialFrame;
            bool table = scenario.HasMotionTable;
            if (table) scenario.AttachMotionTable(obj);
            double t = 0.0;
            var output = new StringBuilder();
            foreach (object stepValue in (List<object>)root["steps"])
            {
                var step = (JsonObject)stepValue;
                string name = step.Keys[0];
                object arg = step.Values[0];
                var a = arg as JsonObject;
                switch (name)
                {
                    case "append":
                        obj.AppendAnimation(Id(a["anim"]), a.Has("framerate") ? F(a["framerate"]) : 30.0f,
                                            a.Has("low") ? (int)(double)a["low"] : 0, a.Has("high") ? (int)(double)a["high"] : -1);
                        break;
                    case "velocity":
                    case "omega":
                    {
                        var v = (List<object>)arg;
                        if (name == "velocity") obj.SetVelocity(F(v[0]), F(v[1]), F(v[2]));
                        else obj.SetOmega(F(v[0]), F(v[1]), F(v[2]));
                        break;
                    }
                    case "multiply_cyclic_framerate": obj.MultiplyFramerate(F(arg)); break;
                    case "remove_cyclic": obj.RemoveCyclic(); break;
                    case "remove_all_link": obj.RemoveAllLinks(); break;
                    case "clear": obj.ClearSequence(); break;
                    case "set_default_state": obj.Motion.SetDefaultState(); break;
                    case "perform": obj.Motion.Perform(Id(a["motion"]), a.Has("speed") ? F(a["speed"]) : 1.0f); break;
                    case "stop": obj.Motion.Stop(Id(a["motion"]), a.Has("speed") ? F(a["speed"]) : 1.0f); break;
                    case "stop_completely": obj.Motion.StopCompletely(); break;
                    case "update":
                    {
                        double dt = (double)arg;
                        obj.Advance(dt);
                        t += dt;
                        var b = new StringBuilder();
                        SequenceState s = obj.SequenceState;
                        b.Append("{\"t\":").Append(Num(t)).Append(",\"frame_number\":").Append(Num(s.FrameNumber));
                        b.Append(",\"anim\":").Append(s.HasAnim != 0 ? s.AnimId.ToString(Inv) : "null");
                        b.Append(",\"frame\":");
                        FrameJson(b, obj.Frame);
                        b.Append(",\"hooks\":[");
                        HookEvent[] events = obj.DrainEvents();
                        for (int i = 0; i < events.Length; ++i)
                        {
                            if (i > 0) b.Append(',');
                            // An inline hook's JSON as written; a dat's hook (or AnimationDone) from its payload fields.
                            b.Append(events[i].Tag != 0 ? scenario.HookJson(events[i].Tag) : events[i].ToJson());
                        }
                        b.Append(']');
                        if (table)
                        {
                            MotionState ms = obj.Motion.State;
                            b.Append(",\"state\":{\"style\":").Append(ms.Style).Append(",\"substate\":").Append(ms.Substate);
                            b.Append(",\"modifiers\":[").Append(string.Join(",", obj.Motion.Modifiers())).Append("]}");
                            b.Append(",\"pending\":[");
                            PendingMotion[] pending = obj.Motion.Pending();
                            for (int i = 0; i < pending.Length; ++i)
                                b.Append(i > 0 ? "," : "").Append('[').Append(pending[i].Motion).Append(',').Append(pending[i].NumAnims).Append(']');
                            b.Append("],\"done\":[").Append(string.Join(",", obj.Motion.TakeDone())).Append(']');
                        }
                        b.Append("}\n");
                        output.Append(b);
                        break;
                    }
                    default:
                        throw new InvalidDataException(path + ": unknown step \"" + name + "\"");
                }
            }
            var stdout = Console.OpenStandardOutput();
            byte[] bytes = Encoding.UTF8.GetBytes(output.ToString());
            stdout.Write(bytes, 0, bytes.Length);
            stdout.Flush();
        }
    }

    static int Main(string[] args)
    {
        if (args.Length != 1)
        {
            Console.Error.WriteLine("usage: AcScenario.exe SCENARIO.json");
            return 1;
        }
        try
        {
            Main2(args[0]);
            return 0;
        }
        catch (RetroanimException e)
        {
            Console.Error.WriteLine("AcScenario: " + e.Message);
            return 2;
        }
        catch (Exception e)
        {
            Console.Error.WriteLine("AcScenario: " + args[0] + ": " + e.Message);
            return 2;
        }
    }
}


// Example (and test) of the C# binding: replays an AC scenario file
// (docs/formats/ac-scenario.md) through the per-object calls, one call per
// step, and prints the trace in the JSON Lines of `retroanim ac scenario`.
//   mono AcScenario.exe SCENARIO.json
// The scenario's data (animations inline and from its "dat", motion table,
// initial frame) is loaded by one call (Scenario); the steps are read here
// and each becomes one call on a PhysicsObject: append, velocity, omega,
// multiply_cyclic_framerate, remove_cyclic, remove_all_link, clear,
// set_default_state, perform, stop, stop_completely, the interpreter's
// steps of a scenario with "object" (on the object's MotionInterp, made from
// the scenario's "object" and "weenie"), update (Advance, then
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

    static bool Flag(JsonObject a, string key, bool dflt) { return a != null && a.Has(key) ? (bool)a[key] : dflt; }

    // A scenario's Params as MovementParams (the constructor's values, then the given keys).
    static MovementParams Params(JsonObject a, out uint motion)
    {
        MovementParams p = MovementParams.Default;
        motion = Id(a["motion"]);
        if (a.Has("speed")) p.Speed = F(a["speed"]);
        if (a.Has("hold_key")) p.HoldKeyToApply = Id(a["hold_key"]);
        string[] keys = { "set_hold_key", "autonomous", "modify_raw_state", "modify_interpreted_state", "cancel_moveto",
                          "disable_jump_during_link" };
        uint[] bits = { MovementFlag.SetHoldKey, MovementFlag.Autonomous, MovementFlag.ModifyRawState,
                        MovementFlag.ModifyInterpretedState, MovementFlag.CancelMoveTo, MovementFlag.DisableJumpDuringLink };
        for (int i = 0; i < keys.Length; ++i)
            if (a.Has(keys[i])) p.Set(bits[i], (bool)a[keys[i]]);
        if (a.Has("context_id")) p.ContextId = Id(a["context_id"]);
        if (a.Has("action_stamp")) p.ActionStamp = Id(a["action_stamp"]);
        return p;
    }

    static string B(bool b) { return b ? "true" : "false"; }

    static void Vec(StringBuilder b, float x, float y, float z)
    {
        b.Append('[').Append(Num(x)).Append(',').Append(Num(y)).Append(',').Append(Num(z)).Append(']');
    }

    static void Actions(StringBuilder b, ActionNode[] actions)
    {
        b.Append('[');
        for (int i = 0; i < actions.Length; ++i)
        {
            if (i > 0) b.Append(',');
            b.Append('[').Append(actions[i].Action).Append(',').Append(Num(actions[i].Speed)).Append(',')
             .Append(actions[i].Stamp).Append(',').Append(B(actions[i].Autonomous != 0)).Append(']');
        }
        b.Append(']');
    }

    // The interpreter's trace fields: raw, interpreted, velocity, interp, object, results.
    static void InterpTrace(StringBuilder b, PhysicsObject obj, List<uint> results)
    {
        MotionInterp mi = obj.Interp;
        RawMotionState r = mi.RawState;
        b.Append(",\"raw\":{\"current_holdkey\":").Append(r.CurrentHoldkey).Append(",\"current_style\":").Append(r.CurrentStyle);
        b.Append(",\"forward_command\":").Append(r.ForwardCommand).Append(",\"forward_holdkey\":").Append(r.ForwardHoldkey);
        b.Append(",\"forward_speed\":").Append(Num(r.ForwardSpeed)).Append(",\"sidestep_command\":").Append(r.SidestepCommand);
        b.Append(",\"sidestep_holdkey\":").Append(r.SidestepHoldkey).Append(",\"sidestep_speed\":").Append(Num(r.SidestepSpeed));
        b.Append(",\"turn_command\":").Append(r.TurnCommand).Append(",\"turn_holdkey\":").Append(r.TurnHoldkey);
        b.Append(",\"turn_speed\":").Append(Num(r.TurnSpeed)).Append(",\"actions\":");
        Actions(b, mi.RawActions());
        InterpretedMotionState s = mi.InterpretedState;
        b.Append("},\"interpreted\":{\"current_style\":").Append(s.CurrentStyle).Append(",\"forward_command\":").Append(s.ForwardCommand);
        b.Append(",\"forward_speed\":").Append(Num(s.ForwardSpeed)).Append(",\"sidestep_command\":").Append(s.SidestepCommand);
        b.Append(",\"sidestep_speed\":").Append(Num(s.SidestepSpeed)).Append(",\"turn_command\":").Append(s.TurnCommand);
        b.Append(",\"turn_speed\":").Append(Num(s.TurnSpeed)).Append(",\"actions\":");
        Actions(b, mi.InterpretedActions());
        float x, y, z;
        mi.GetStateVelocity(out x, out y, out z);
        b.Append("},\"velocity\":");
        Vec(b, x, y, z);
        InterpState st = mi.State;
        b.Append(",\"interp\":{\"initted\":").Append(B(st.Initted != 0)).Append(",\"pending\":[");
        InterpPending[] pend = mi.Pending();
        for (int i = 0; i < pend.Length; ++i)
            b.Append(i > 0 ? "," : "").Append('[').Append(pend[i].Motion).Append(',').Append(pend[i].JumpErrorCode).Append(']');
        b.Append("],\"standing_longjump\":").Append(B(st.StandingLongjump != 0)).Append(",\"jump_extent\":").Append(Num(st.JumpExtent));
        b.Append(",\"my_run_rate\":").Append(Num(st.MyRunRate)).Append(",\"server_action_stamp\":").Append(st.ServerActionStamp);
        obj.GetVelocity(out x, out y, out z);
        uint state, transient;
        obj.GetState(out state, out transient);
        b.Append("},\"object\":{\"velocity\":");
        Vec(b, x, y, z);
        b.Append(",\"contact\":").Append(B((transient & 1) != 0)).Append(",\"on_walkable\":").Append(B((transient & 2) != 0));
        b.Append("},\"results\":[").Append(string.Join(",", results)).Append(']');
        results.Clear();
    }

    // The scenario's "object": the physics object's bits, then its interpreter and weenie.
    static Weenie MakeInterp(PhysicsObject obj, JsonObject v)
    {
        uint state, transient;
        obj.GetState(out state, out transient);
        state = Flag(v, "gravity", true) ? 0x400u : 0u;
        if (Flag(v, "contact", true)) transient |= 1;
        if (Flag(v, "on_walkable", true)) transient |= 2;
        obj.SetState(state, transient);
        obj.SetInCell(Flag(v, "cell", true));
        obj.SetAutonomous(Flag(v, "autonomous", true));
        Weenie w = Weenie.Default;
        var wj = v.Has("weenie") ? v["weenie"] as JsonObject : null;
        if (wj != null)
        {
            w.IsPlayer = Flag(wj, "is_player", true) ? 1 : 0;
            w.IsCreature = Flag(wj, "is_creature", true) ? 1 : 0;
            if (wj.Has("run_rate") && wj["run_rate"] != null) { w.HasRunRate = 1; w.RunRate = F(wj["run_rate"]); }
            if (wj.Has("jump_velocity") && wj["jump_velocity"] != null) { w.HasJumpVelocity = 1; w.JumpVelocity = F(wj["jump_velocity"]); }
            w.CanJump = Flag(wj, "can_jump", true) ? 1 : 0;
            w.JumpStamina = Flag(wj, "jump_stamina", true) ? 1 : 0;
            obj.CreateInterp(w);
        }
        else
        {
            obj.CreateInterp();
        }
        return w;
    }

    // One interpreter step; false when `name` is not one. Return values go to `results`.
    static bool InterpStep(PhysicsObject obj, string name, object arg, ref Weenie weenie, List<uint> results)
    {
        MotionInterp mi = obj.Interp;
        var a = arg as JsonObject;
        uint motion;
        switch (name)
        {
            case "enter_default_state": mi.EnterDefaultState(); break;
            case "do_motion": { MovementParams p = Params(a, out motion); results.Add(mi.DoMotion(motion, p)); break; }
            case "stop_motion": { MovementParams p = Params(a, out motion); results.Add(mi.StopMotion(motion, p)); break; }
            case "do_interpreted_motion": { MovementParams p = Params(a, out motion); results.Add(mi.DoInterpretedMotion(motion, p)); break; }
            case "stop_interpreted_motion": { MovementParams p = Params(a, out motion); results.Add(mi.StopInterpretedMotion(motion, p)); break; }
            case "interp_stop_completely": results.Add(mi.StopCompletely()); break;
            case "check_completed_motions": obj.CheckForCompletedMotions(); break;
            case "set_hold_key": mi.SetHoldKey(Id(a["key"]), Flag(a, "cancel_moveto", false)); break;
            case "set_hold_run": mi.SetHoldRun((bool)a["run"], Flag(a, "cancel_moveto", false)); break;
            case "apply_current_movement": mi.ApplyCurrentMovement(Flag(a, "cancel_moveto", false), Flag(a, "disallow_jump", false)); break;
            case "apply_raw_movement": mi.ApplyRawMovement(Flag(a, "cancel_moveto", false), Flag(a, "disallow_jump", false)); break;
            case "apply_interpreted_movement": mi.ApplyInterpretedMovement(Flag(a, "cancel_moveto", false), Flag(a, "disallow_jump", false)); break;
            case "set_raw_state":
            {
                RawMotionState r = mi.RawState;
                if (a.Has("current_holdkey")) r.CurrentHoldkey = Id(a["current_holdkey"]);
                if (a.Has("current_style")) r.CurrentStyle = Id(a["current_style"]);
                if (a.Has("forward_command")) r.ForwardCommand = Id(a["forward_command"]);
                if (a.Has("forward_holdkey")) r.ForwardHoldkey = Id(a["forward_holdkey"]);
                if (a.Has("forward_speed")) r.ForwardSpeed = F(a["forward_speed"]);
                if (a.Has("sidestep_command")) r.SidestepCommand = Id(a["sidestep_command"]);
                if (a.Has("sidestep_holdkey")) r.SidestepHoldkey = Id(a["sidestep_holdkey"]);
                if (a.Has("sidestep_speed")) r.SidestepSpeed = F(a["sidestep_speed"]);
                if (a.Has("turn_command")) r.TurnCommand = Id(a["turn_command"]);
                if (a.Has("turn_holdkey")) r.TurnHoldkey = Id(a["turn_holdkey"]);
                if (a.Has("turn_speed")) r.TurnSpeed = F(a["turn_speed"]);
                mi.RawState = r;
                break;
            }
            case "move_to_interpreted_state":
            {
                InterpretedMotionState st = InterpretedMotionState.Default;
                if (a.Has("current_style")) st.CurrentStyle = Id(a["current_style"]);
                if (a.Has("forward_command")) st.ForwardCommand = Id(a["forward_command"]);
                if (a.Has("forward_speed")) st.ForwardSpeed = F(a["forward_speed"]);
                if (a.Has("sidestep_command")) st.SidestepCommand = Id(a["sidestep_command"]);
                if (a.Has("sidestep_speed")) st.SidestepSpeed = F(a["sidestep_speed"]);
                if (a.Has("turn_command")) st.TurnCommand = Id(a["turn_command"]);
                if (a.Has("turn_speed")) st.TurnSpeed = F(a["turn_speed"]);
                var actions = new List<ActionNode>();
                if (a.Has("actions"))
                    foreach (object n in (List<object>)a["actions"])
                    {
                        var l = (List<object>)n;
                        var node = new ActionNode();
                        node.Action = Id(l[0]); node.Speed = F(l[1]); node.Stamp = Id(l[2]); node.Autonomous = (bool)l[3] ? 1 : 0;
                        actions.Add(node);
                    }
                results.Add(mi.MoveToInterpretedState(st, actions.ToArray()));
                break;
            }
            case "charge_jump": results.Add(mi.ChargeJump()); break;
            case "jump": { int stamina; results.Add(mi.Jump(F(a["extent"]), out stamina)); break; }
            case "contact": obj.SetContact((bool)a["contact"], Flag(a, "on_walkable", false)); break;
            case "run_rate":
                weenie.HasRunRate = arg == null ? 0 : 1;
                weenie.RunRate = arg == null ? 0.0f : F(arg);
                mi.SetWeenie(weenie);
                break;
            case "autonomous": obj.SetAutonomous((bool)arg); break;
            default: return false;
        }
        return true;
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
            bool hasObject = root.Has("object");
            Weenie weenie = hasObject ? MakeInterp(obj, (JsonObject)root["object"]) : Weenie.Default;
            var results = new List<uint>();  // the interpreter steps' return values until the next update
            var done = new List<uint>();     // the motions done since the last update, outside interpreter steps
            double t = 0.0;
            var output = new StringBuilder();
            foreach (object stepValue in (List<object>)root["steps"])
            {
                var step = (JsonObject)stepValue;
                string name = step.Keys[0];
                object arg = step.Values[0];
                var a = arg as JsonObject;
                if (hasObject)
                {
                    // The motions an interpreter step completes show only in the queues
                    // (the trace's "done" lists those of the updates and the manager's steps).
                    done.AddRange(obj.Motion.TakeDone());
                    bool handled = InterpStep(obj, name, arg, ref weenie, results);
                    obj.Motion.TakeDone();
                    if (handled) continue;
                }
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
                            done.AddRange(obj.Motion.TakeDone());
                            b.Append("],\"done\":[").Append(string.Join(",", done)).Append(']');
                            done.Clear();
                            if (hasObject) InterpTrace(b, obj, results);
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


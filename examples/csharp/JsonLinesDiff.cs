// Test helper: compares two JSON Lines files value by value: the same lines,
// objects with the same keys in the same order, equal strings, booleans and
// nulls, numbers within 1e-6 (absolute or relative). Prints the first
// difference and exits 1, or exits 0.
//   mono JsonLinesDiff.exe EXPECTED ACTUAL
using System;
using System.Collections.Generic;
using System.IO;

static class JsonLinesDiff
{
    static string Diff(object a, object b, string where)
    {
        if (a is double && b is double)
        {
            double x = (double)a, y = (double)b;
            double tol = 1e-6 * Math.Max(1.0, Math.Max(Math.Abs(x), Math.Abs(y)));
            return Math.Abs(x - y) <= tol ? null : where + ": " + x.ToString("R") + " != " + y.ToString("R");
        }
        if (a is JsonObject && b is JsonObject)
        {
            var p = (JsonObject)a;
            var q = (JsonObject)b;
            if (string.Join(",", p.Keys) != string.Join(",", q.Keys))
                return where + ": keys [" + string.Join(",", p.Keys) + "] != [" + string.Join(",", q.Keys) + "]";
            for (int i = 0; i < p.Keys.Count; ++i)
            {
                string d = Diff(p.Values[i], q.Values[i], where + "." + p.Keys[i]);
                if (d != null) return d;
            }
            return null;
        }
        if (a is List<object> && b is List<object>)
        {
            var p = (List<object>)a;
            var q = (List<object>)b;
            if (p.Count != q.Count) return where + ": " + p.Count + " items != " + q.Count;
            for (int i = 0; i < p.Count; ++i)
            {
                string d = Diff(p[i], q[i], where + "[" + i + "]");
                if (d != null) return d;
            }
            return null;
        }
        if (a == null || b == null) return a == b ? null : where + ": null vs value";
        return a.Equals(b) ? null : where + ": " + a + " != " + b;
    }

    static int Main(string[] args)
    {
        if (args.Length != 2)
        {
            Console.Error.WriteLine("usage: JsonLinesDiff.exe EXPECTED ACTUAL");
            return 2;
        }
        string[] e = File.ReadAllLines(args[0]), g = File.ReadAllLines(args[1]);
        if (e.Length != g.Length)
        {
            Console.Error.WriteLine("JsonLinesDiff: " + e.Length + " lines expected, " + g.Length + " got");
            return 1;
        }
        if (e.Length == 0)
        {
            Console.Error.WriteLine("JsonLinesDiff: no lines");
            return 1;
        }
        for (int i = 0; i < e.Length; ++i)
        {
            string d = Diff(Json.Parse(e[i]), Json.Parse(g[i]), "line " + (i + 1));
            if (d != null)
            {
                Console.Error.WriteLine("JsonLinesDiff: " + d);
                return 1;
            }
        }
        Console.WriteLine("JsonLinesDiff: " + e.Length + " lines agree");
        return 0;
    }
}

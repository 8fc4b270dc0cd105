// A small JSON reader for the C# examples (no dependency beyond mscorlib).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

// A JSON object keeping its keys' order.
sealed class JsonObject
{
    public readonly List<string> Keys = new List<string>();
    public readonly List<object> Values = new List<object>();
    public bool Has(string k) { return Keys.IndexOf(k) >= 0; }
    public object this[string k]
    {
        get
        {
            int i = Keys.IndexOf(k);
            if (i < 0) throw new KeyNotFoundException("missing \"" + k + "\"");
            return Values[i];
        }
    }
}

// A small JSON reader: objects (JsonObject), arrays (List<object>), numbers
// (double), strings, true/false (bool), null.
static class Json
{
    public static object Parse(string text)
    {
        int i = 0;
        object v = Value(text, ref i);
        Ws(text, ref i);
        if (i != text.Length) throw new FormatException("trailing characters at " + i);
        return v;
    }

    static void Ws(string s, ref int i)
    {
        while (i < s.Length && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    }

    static object Value(string s, ref int i)
    {
        Ws(s, ref i);
        if (i >= s.Length) throw new FormatException("unexpected end");
        char c = s[i];
        if (c == '{')
        {
            var o = new JsonObject();
            ++i;
            Ws(s, ref i);
            if (s[i] == '}') { ++i; return o; }
            while (true)
            {
                Ws(s, ref i);
                string k = Str(s, ref i);
                Ws(s, ref i);
                if (s[i++] != ':') throw new FormatException("expected ':' at " + (i - 1));
                o.Keys.Add(k);
                o.Values.Add(Value(s, ref i));
                Ws(s, ref i);
                if (s[i] == ',') { ++i; continue; }
                if (s[i] == '}') { ++i; return o; }
                throw new FormatException("expected ',' or '}' at " + i);
            }
        }
        if (c == '[')
        {
            var a = new List<object>();
            ++i;
            Ws(s, ref i);
            if (s[i] == ']') { ++i; return a; }
            while (true)
            {
                a.Add(Value(s, ref i));
                Ws(s, ref i);
                if (s[i] == ',') { ++i; continue; }
                if (s[i] == ']') { ++i; return a; }
                throw new FormatException("expected ',' or ']' at " + i);
            }
        }
        if (c == '"') return Str(s, ref i);
        if (s.Substring(i).StartsWith("true")) { i += 4; return true; }
        if (s.Substring(i).StartsWith("false")) { i += 5; return false; }
        if (s.Substring(i).StartsWith("null")) { i += 4; return null; }
        int start = i;
        while (i < s.Length && "+-0123456789.eE".IndexOf(s[i]) >= 0) ++i;
        if (i == start) throw new FormatException("unexpected '" + c + "' at " + i);
        return double.Parse(s.Substring(start, i - start), NumberStyles.Float, CultureInfo.InvariantCulture);
    }

    static string Str(string s, ref int i)
    {
        if (s[i] != '"') throw new FormatException("expected a string at " + i);
        ++i;
        var b = new StringBuilder();
        while (s[i] != '"')
        {
            char c = s[i++];
            if (c != '\\') { b.Append(c); continue; }
            char e = s[i++];
            switch (e)
            {
                case 'n': b.Append('\n'); break;
                case 't': b.Append('\t'); break;
                case 'r': b.Append('\r'); break;
                case 'b': b.Append('\b'); break;
                case 'f': b.Append('\f'); break;
                case 'u': b.Append((char)int.Parse(s.Substring(i, 4), NumberStyles.HexNumber)); i += 4; break;
                default: b.Append(e); break;
            }
        }
        ++i;
        return b.ToString();
    }
}

// The CLI's SVG plots: top and side views with axes, scale bars and placed labels (see svg_plot.h).
#include "svg_plot.h"

#include "commands.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <cstdio>
#include <fstream>
#include <optional>
#include <set>

#include "retroanim/error.h"
#include "retroanim/io/file_path.h"

namespace retroanim::cli {

namespace {

// Every text's box, as the layout and the tests model it: from x (by the
// anchor) over text_width, from y - 0.95 em to y + 0.25 em (y the baseline).
constexpr double kAscent = 0.95, kDescent = 0.25;

struct Box {
  double x0, y0, x1, y1;
  bool overlaps(const Box& o, double pad = 0.0) const {
    return x0 < o.x1 + pad && o.x0 < x1 + pad && y0 < o.y1 + pad && o.y0 < y1 + pad;
  }
  bool inside(const Box& o) const { return x0 >= o.x0 && y0 >= o.y0 && x1 <= o.x1 && y1 <= o.y1; }
};

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  if (std::string(buf) == "-0.00") return "0.00";
  return buf;
}

bool finite(math::Vec3 p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); }

double axis(math::Vec3 p, int a) { return a == 0 ? p.x : a == 1 ? p.y : p.z; }

// The smallest of 1, 2, 5 times a power of ten that is >= raw.
double nice_up(double raw) {
  if (!(raw > 0)) return 1.0;
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw * (1 - 1e-9)) return m * p;
  return 10 * p;
}

// The largest of 1, 2, 5 times a power of ten that is <= raw.
double nice_down(double raw) {
  if (!(raw > 0)) return 1.0;
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {5.0, 2.0, 1.0})
    if (m * p <= raw * (1 + 1e-9)) return m * p;
  return p;
}

// "12", "2.5", "0.05": as many decimals as the step needs.
std::string tick_text(double v, double step) {
  int dec = 0;
  while (dec < 6 && std::fabs(step * std::pow(10.0, dec) - std::round(step * std::pow(10.0, dec))) > 1e-6) ++dec;
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", dec, v);
  std::string s = buf;
  if (s.find_first_of("123456789") == std::string::npos && s[0] == '-') s.erase(0, 1);  // no "-0"
  return s;
}

// Decodes one UTF-8 code point at s[i] (advancing i); a bad byte counts as one.
uint32_t next_code_point(const std::string& s, size_t& i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  int n = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : 0;
  uint32_t cp = n == 0 ? c : n == 1 ? (c & 0x1F) : n == 2 ? (c & 0x0F) : (c & 0x07);
  ++i;
  for (int k = 0; k < n && i < s.size(); ++k, ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
  return cp;
}

struct Text {
  double x, y, size;
  std::string anchor;  // start, middle, end
  std::string content, fill, weight;
  bool rotated = false;  // -90 degrees about (x, y)
  bool halo = false;
};

Box text_box(const Text& t) {
  const double w = SvgPlot::text_width(t.content, t.size);
  const double start = t.anchor == "middle" ? -w / 2 : t.anchor == "end" ? -w : 0.0;
  if (!t.rotated) return {t.x + start, t.y - kAscent * t.size, t.x + start + w, t.y + kDescent * t.size};
  // Rotated by -90 degrees: the text runs up the page from (x, y).
  return {t.x - kAscent * t.size, t.y - start - w, t.x + kDescent * t.size, t.y - start};
}

std::string text_svg(const Text& t) {
  std::string s = "<text x=\"" + num(t.x) + "\" y=\"" + num(t.y) + "\" font-size=\"" + num(t.size) +
                  "\" text-anchor=\"" + t.anchor + "\"";
  if (t.rotated) s += " transform=\"rotate(-90 " + num(t.x) + " " + num(t.y) + ")\"";
  if (!t.weight.empty()) s += " font-weight=\"" + t.weight + "\"";
  if (t.halo) s += " stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\"";
  s += " fill=\"" + escape(t.fill.empty() ? "#222" : t.fill) + "\">" + escape(t.content) + "</text>\n";
  return s;
}

// `text` shortened (with "...") until it fits `width` at `size`.
std::string fit_text(std::string text, double size, double width) {
  if (SvgPlot::text_width(text, size) <= width) return text;
  while (!text.empty() && SvgPlot::text_width(text + "...", size) > width) {
    // Drop one whole code point from the end.
    size_t i = text.size() - 1;
    while (i > 0 && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) --i;
    text.erase(i);
  }
  return text + "...";
}

// Whether the segment (ax, ay)-(bx, by) meets the box (Liang-Barsky clipping).
bool segment_meets(double ax, double ay, double bx, double by, const Box& b) {
  double t0 = 0, t1 = 1;
  const double dx = bx - ax, dy = by - ay;
  const double p[4] = {-dx, dx, -dy, dy}, q[4] = {ax - b.x0, b.x1 - ax, ay - b.y0, b.y1 - ay};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return false;
      continue;
    }
    const double r = q[i] / p[i];
    if (p[i] < 0) t0 = std::max(t0, r);
    else t1 = std::min(t1, r);
    if (t0 > t1) return false;
  }
  return true;
}

// Splits a path into runs at its jumps (see svg_plot.h).
std::vector<std::vector<math::Vec3>> runs_of(const std::vector<math::Vec3>& pts, double extent) {
  std::vector<math::Vec3> p;
  for (const math::Vec3& v : pts)
    if (finite(v)) p.push_back(v);
  std::vector<double> len;
  for (size_t i = 1; i < p.size(); ++i) {
    const double dx = p[i].x - p[i - 1].x, dy = p[i].y - p[i - 1].y, dz = p[i].z - p[i - 1].z;
    len.push_back(std::sqrt(dx * dx + dy * dy + dz * dz));
  }
  std::vector<double> moving;
  for (double l : len)
    if (l > 0) moving.push_back(l);
  double median = 0;
  if (!moving.empty()) {
    std::nth_element(moving.begin(), moving.begin() + static_cast<long>(moving.size() / 2), moving.end());
    median = moving[moving.size() / 2];
  }
  std::vector<std::vector<math::Vec3>> runs(1);
  for (size_t i = 0; i < p.size(); ++i) {
    if (i > 0 && median > 0 && len[i - 1] > 10 * median && len[i - 1] > 0.05 * extent) runs.emplace_back();
    runs.back().push_back(p[i]);
  }
  return runs;
}

}  // namespace

double SvgPlot::text_width(const std::string& text, double font_px) {
  double em = 0;
  for (size_t i = 0; i < text.size();) {
    const uint32_t c = next_code_point(text, i);
    if (c >= 0x2E80) em += 1.0;                                         // CJK and the like
    else if (c == ' ' || c == 'i' || c == 'l' || c == 'j' || c == '.' || c == ',' || c == ':' || c == ';' ||
             c == '\'' || c == '|' || c == '!' || c == 'I' || c == '(' || c == ')' || c == '[' || c == ']')
      em += 0.40;
    else if (c == 'm' || c == 'w' || c == 'M' || c == 'W') em += 0.95;
    else if (c >= 'A' && c <= 'Z') em += 0.75;
    else if (c >= '0' && c <= '9') em += 0.65;
    else em += 0.64;
  }
  return em * font_px;
}

SvgPlot::SvgPlot(std::string title, PlotAxes axes) : title_(std::move(title)), axes_(axes) {}

void SvgPlot::path(const std::vector<math::Vec3>& points, const std::string& color, const std::string& name,
                   float width_px, bool closed) {
  lines_.push_back({points, color, name, width_px, closed});
}

void SvgPlot::marker(math::Vec3 point, const std::string& color, const std::string& label, float radius_px) {
  marks_.push_back({point, color, label, radius_px});
}

void SvgPlot::label(math::Vec3 point, const std::string& text, const std::string& color) {
  marks_.push_back({point, color, text, 0.0f});
}

void SvgPlot::arrow(math::Vec3 point, math::Vec3 direction, const std::string& color) {
  arrows_.push_back({point, direction, color});
}

std::string SvgPlot::render(int width_px, int height_px) const {
  const double W = std::max(width_px, 400), H = std::max(height_px, 300);
  // Extent of everything drawn (3D), for the jump test.
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  auto grow = [&](math::Vec3 p) {
    if (!finite(p)) return;
    for (int a = 0; a < 3; ++a) {
      lo[a] = std::min(lo[a], axis(p, a));
      hi[a] = std::max(hi[a], axis(p, a));
    }
  };
  for (const Line& l : lines_) std::for_each(l.points.begin(), l.points.end(), grow);
  for (const Mark& m : marks_) grow(m.point);
  for (const Arrow& a : arrows_) grow(a.point);
  if (!(lo[0] <= hi[0])) {
    for (int a = 0; a < 3; ++a) lo[a] = hi[a] = 0.0;
  }
  const double extent = std::sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) +
                                  (hi[2] - lo[2]) * (hi[2] - lo[2]));
  std::vector<std::vector<std::vector<math::Vec3>>> line_runs;
  for (const Line& l : lines_) line_runs.push_back(runs_of(l.points, extent));

  std::string body;
  std::vector<Box> texts;  // every text placed so far
  auto put = [&](const Text& t) {
    texts.push_back(text_box(t));
    body += text_svg(t);
  };

  // Header: title, subtitle, legend.
  const double margin = 16;
  {
    double size = 17;
    while (size > 11 && text_width(title_, size) > W - 2 * margin) size -= 1;
    if (!title_.empty()) put({margin, 26, size, "start", fit_text(title_, size, W - 2 * margin), "#111", "bold"});
  }
  double y = 30;
  if (!subtitle_.empty()) {
    put({margin, 48, 12, "start", fit_text(subtitle_, 12, W - 2 * margin), "#555", ""});
    y = 50;
  }
  {
    std::set<std::string> seen;
    double x = margin, row = y + 20;
    bool any = false;
    size_t named = 0, shown_entries = 0;
    for (const Line& l : lines_) named += !l.name.empty();
    for (const Line& l : lines_) {
      if (l.name.empty() || !seen.insert(l.name).second) continue;
      if (++shown_entries > 10 && named > 11) {
        // A long legend ends with a count, so the views keep their room.
        const std::string more = "and " + std::to_string(named - 10) + " more";
        if (x > margin && x + text_width(more, 12) > W - margin) {
          x = margin;
          row += 20;
        }
        put({x, row, 12, "start", more, "#555", ""});
        any = true;
        break;
      }
      const std::string name = fit_text(l.name, 12, W - 2 * margin - 26);
      const double w = 26 + text_width(name, 12);
      if (x > margin && x + w > W - margin) {
        x = margin;
        row += 20;
      }
      body += "<line x1=\"" + num(x) + "\" y1=\"" + num(row - 4) + "\" x2=\"" + num(x + 20) + "\" y2=\"" +
              num(row - 4) + "\" stroke=\"" + escape(l.color) + "\" stroke-width=\"3\"/>\n";
      put({x + 26, row, 12, "start", name, "#222", ""});
      x += w + 18;
      any = true;
    }
    if (any) y = row;
  }
  const double header_bottom = y + 6;

  struct View {
    int h, v;
    std::string title;
    bool arrows;
  };
  const std::string u = axes_.unit;
  const View views[2] = {
      {axes_.top_h, axes_.top_v,
       std::string("top view: ") + axes_.names[axes_.top_h] + " right, " + axes_.names[axes_.top_v] + " up", true},
      {axes_.side_h, axes_.side_v,
       std::string("side view: ") + axes_.names[axes_.side_h] + " right, " + axes_.names[axes_.side_v] + " up",
       false}};

  std::vector<std::string> unplaced;  // labels that found no room, listed under the views
  // The footer's lines are known only after the labels are placed: lay out, and
  // once more with room for the footer when some label found none.
  std::string panels;
  std::vector<Box> panel_texts;
  for (int footer_lines = 0; footer_lines < 8;) {
    panels.clear();
    panel_texts = texts;
    unplaced.clear();
    auto put_p = [&](const Text& t) {
      panel_texts.push_back(text_box(t));
      panels += text_svg(t);
    };
    auto free_p = [&](const Box& b) {
      for (const Box& o : panel_texts)
        if (b.overlaps(o, 1.0)) return false;
      return true;
    };
    const double bottom_limit = H - 10 - footer_lines * 16;
    const double gap = 28;
    const double pw = (W - 2 * margin - gap) / 2;
    for (int vi = 0; vi < 2; ++vi) {
      const View& view = views[vi];
      const double px0 = margin + vi * (pw + gap);
      Box rect{0, header_bottom + 30, px0 + pw - 4, bottom_limit - 42};
      // Data range in this view.
      const double h_lo = lo[view.h], h_hi = hi[view.h], v_lo = lo[view.v], v_hi = hi[view.v];
      double sh = h_hi - h_lo, sv = v_hi - v_lo;
      if (sh <= 0 && sv <= 0) sh = sv = 1;
      const double ch = (h_lo + h_hi) / 2, cv = (v_lo + v_hi) / 2;
      double left = 60;  // room for the vertical axis (its name and tick labels)
      double scale = 1, vstep = 1, hstep = 1;
      std::vector<std::pair<double, std::string>> vticks, hticks;
      for (int pass = 0; pass < 3; ++pass) {
        rect.x0 = px0 + left;
        const double w = rect.x1 - rect.x0, h = rect.y1 - rect.y0;
        scale = std::min(sh > 0 ? w / (sh * 1.08) : INFINITY, sv > 0 ? h / (sv * 1.08) : INFINITY);
        if (!std::isfinite(scale) || scale <= 0) scale = 1;
        // Vertical ticks at least 36 px apart.
        const double vmin = cv - h / 2 / scale, vmax = cv + h / 2 / scale;
        vstep = nice_up(36 / scale);
        vticks.clear();
        double widest = 0;
        for (double t = std::ceil(vmin / vstep) * vstep; t <= vmax + 1e-9 * vstep; t += vstep) {
          vticks.push_back({t, tick_text(t, vstep)});
          widest = std::max(widest, text_width(vticks.back().second, 11));
        }
        const double need = 20 + widest + 8;
        if (need <= left + 0.5) break;
        left = need;
      }
      const double w = rect.x1 - rect.x0, h = rect.y1 - rect.y0;
      const double hmin = ch - w / 2 / scale, hmax = ch + w / 2 / scale;
      // Horizontal ticks: at least 64 px apart and wider than their labels.
      hstep = nice_up(64 / scale);
      for (int pass = 0; pass < 4; ++pass) {
        hticks.clear();
        double widest = 0;
        for (double t = std::ceil(hmin / hstep) * hstep; t <= hmax + 1e-9 * hstep; t += hstep) {
          hticks.push_back({t, tick_text(t, hstep)});
          widest = std::max(widest, text_width(hticks.back().second, 11));
        }
        if (widest + 12 <= hstep * scale) break;
        hstep = nice_up(hstep * 1.5);
      }
      auto X = [&](double a) { return rect.x0 + w / 2 + (a - ch) * scale; };
      auto Y = [&](double b) { return rect.y0 + h / 2 - (b - cv) * scale; };
      const std::string clip = "clip" + std::to_string(vi);
      panels += "<clipPath id=\"" + clip + "\"><rect x=\"" + num(rect.x0) + "\" y=\"" + num(rect.y0) + "\" width=\"" +
                num(w) + "\" height=\"" + num(h) + "\"/></clipPath>\n";
      panels += "<rect x=\"" + num(rect.x0) + "\" y=\"" + num(rect.y0) + "\" width=\"" + num(w) + "\" height=\"" +
                num(h) + "\" fill=\"#fcfcfd\" stroke=\"#8a8f99\"/>\n";
      put_p({px0, rect.y0 - 9, 12, "start", fit_text(view.title, 12, pw), "#333", "bold"});
      // Grid, ticks and tick labels (a label that would touch another is left out).
      for (const auto& [t, text] : vticks) {
        const double yy = Y(t);
        panels += "<line x1=\"" + num(rect.x0) + "\" y1=\"" + num(yy) + "\" x2=\"" + num(rect.x1) + "\" y2=\"" +
                  num(yy) + "\" stroke=\"#e6e8ec\"/>\n";
        panels += "<line x1=\"" + num(rect.x0 - 5) + "\" y1=\"" + num(yy) + "\" x2=\"" + num(rect.x0) + "\" y2=\"" +
                  num(yy) + "\" stroke=\"#555\"/>\n";
        Text tt{rect.x0 - 8, yy + 4, 11, "end", text, "#444", ""};
        const Box b = text_box(tt);
        if (b.y0 >= rect.y0 - 8 && b.y1 <= rect.y1 + 8 && free_p(b)) put_p(tt);
      }
      for (const auto& [t, text] : hticks) {
        const double xx = X(t);
        panels += "<line x1=\"" + num(xx) + "\" y1=\"" + num(rect.y0) + "\" x2=\"" + num(xx) + "\" y2=\"" +
                  num(rect.y1) + "\" stroke=\"#e6e8ec\"/>\n";
        panels += "<line x1=\"" + num(xx) + "\" y1=\"" + num(rect.y1) + "\" x2=\"" + num(xx) + "\" y2=\"" +
                  num(rect.y1 + 5) + "\" stroke=\"#555\"/>\n";
        Text tt{xx, rect.y1 + 18, 11, "middle", text, "#444", ""};
        const Box b = text_box(tt);
        if (b.x0 >= px0 && b.x1 <= px0 + pw && free_p(b)) put_p(tt);
      }
      put_p({rect.x0 + w / 2, rect.y1 + 34, 12, "middle",
             std::string(axes_.names[view.h]) + " (" + u + ")", "#333", ""});
      Text vname{px0 + 12, rect.y0 + h / 2, 12, "middle", std::string(axes_.names[view.v]) + " (" + u + ")", "#333",
                 ""};
      vname.rotated = true;
      put_p(vname);

      // Obstacles for the marker labels: the scale bar and the markers.
      std::vector<Box> obstacles;
      // Scale bar, bottom right inside the view.
      {
        const double len = nice_down(0.25 * w / scale);
        const double x1 = rect.x1 - 14, x0 = x1 - len * scale, yy = rect.y1 - 14;
        panels += "<g stroke=\"#222\" stroke-width=\"2\"><line x1=\"" + num(x0) + "\" y1=\"" + num(yy) + "\" x2=\"" +
                  num(x1) + "\" y2=\"" + num(yy) + "\"/><line x1=\"" + num(x0) + "\" y1=\"" + num(yy - 5) +
                  "\" x2=\"" + num(x0) + "\" y2=\"" + num(yy + 5) + "\"/><line x1=\"" + num(x1) + "\" y1=\"" +
                  num(yy - 5) + "\" x2=\"" + num(x1) + "\" y2=\"" + num(yy + 5) + "\"/></g>\n";
        Text st{(x0 + x1) / 2, yy - 8, 11, "middle", tick_text(len, len) + " " + u, "#222", ""};
        st.halo = true;
        put_p(st);
        obstacles.push_back({std::min(x0, text_box(st).x0) - 2, text_box(st).y0 - 2, x1 + 2, yy + 6});
      }
      // Paths, cut at their jumps.
      std::vector<std::array<double, 4>> segments;  // the drawn lines, which labels avoid when they can
      panels += "<g clip-path=\"url(#" + clip + ")\" fill=\"none\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n";
      for (size_t li = 0; li < lines_.size(); ++li) {
        const Line& l = lines_[li];
        const auto& runs = line_runs[li];
        for (const auto& run : runs) {
          if (run.empty()) continue;
          std::string pts;
          for (size_t i = 0; i < run.size(); ++i) {
            const double sx = X(axis(run[i], view.h)), sy = Y(axis(run[i], view.v));
            pts += num(sx) + "," + num(sy) + " ";
            if (i > 0) segments.push_back({X(axis(run[i - 1], view.h)), Y(axis(run[i - 1], view.v)), sx, sy});
          }
          if (l.closed && runs.size() == 1) pts += num(X(axis(run[0], view.h))) + "," + num(Y(axis(run[0], view.v)));
          if (run.size() == 1) {
            panels += "<circle cx=\"" + num(X(axis(run[0], view.h))) + "\" cy=\"" + num(Y(axis(run[0], view.v))) +
                      "\" r=\"" + num(l.width) + "\" fill=\"" + escape(l.color) + "\"/>\n";
            continue;
          }
          panels += "<polyline points=\"" + pts + "\" stroke=\"" + escape(l.color) + "\" stroke-width=\"" +
                    num(l.width) + "\"/>\n";
        }
      }
      // Heading arrows (top view).
      if (view.arrows) {
        for (const Arrow& a : arrows_) {
          if (!finite(a.point) || !finite(a.direction)) continue;
          double dx = axis(a.direction, view.h), dy = -axis(a.direction, view.v);
          const double n = std::sqrt(dx * dx + dy * dy);
          if (!(n > 1e-9)) continue;
          dx /= n;
          dy /= n;
          const double x0 = X(axis(a.point, view.h)), y0 = Y(axis(a.point, view.v));
          const double x1 = x0 + dx * 16, y1 = y0 + dy * 16;
          panels += "<line x1=\"" + num(x0) + "\" y1=\"" + num(y0) + "\" x2=\"" + num(x1) + "\" y2=\"" + num(y1) +
                    "\" stroke=\"" + escape(a.color) + "\" stroke-width=\"1.5\"/>\n";
          segments.push_back({x0, y0, x1 + dx * 5, y1 + dy * 5});
          panels += "<polygon points=\"" + num(x1 + dx * 5) + "," + num(y1 + dy * 5) + " " + num(x1 - dy * 4) + "," +
                    num(y1 + dx * 4) + " " + num(x1 + dy * 4) + "," + num(y1 - dx * 4) + "\" fill=\"" +
                    escape(a.color) + "\" stroke=\"none\"/>\n";
        }
      }
      for (const Mark& m : marks_) {
        if (!finite(m.point) || m.radius <= 0) continue;
        const double x = X(axis(m.point, view.h)), yy = Y(axis(m.point, view.v));
        panels += "<circle cx=\"" + num(x) + "\" cy=\"" + num(yy) + "\" r=\"" + num(m.radius) + "\" fill=\"" +
                  escape(m.color) + "\" stroke=\"#fff\" stroke-width=\"1\"/>\n";
        obstacles.push_back({x - m.radius - 1, yy - m.radius - 1, x + m.radius + 1, yy + m.radius + 1});
      }
      panels += "</g>\n";
      // Marker labels: the first free place around the marker, nearer first.
      const Box inner{rect.x0 + 2, rect.y0 + 2, rect.x1 - 2, rect.y1 - 2};
      for (const Mark& m : marks_) {
        if (!finite(m.point) || m.text.empty()) continue;
        const double x = X(axis(m.point, view.h)), yy = Y(axis(m.point, view.v));
        const double size = 11, tw = text_width(m.text, size), th = (kAscent + kDescent) * size;
        const double r = m.radius;
        std::optional<Box> found;
        bool leader = false;
        // First a place that crosses no drawn line either, then any free place.
        for (int pass = 0; pass < 2 && !found; ++pass)
        for (double d : {3.0, 9.0, 18.0, 30.0, 46.0, 66.0, 90.0}) {
          const int dirs = d < 20 ? 8 : 16;
          for (int k = 0; k < dirs && !found; ++k) {
            // Directions from north-east round the compass; the box touches the circle of radius r + d.
            const double ang = std::numbers::pi / 4 - 2 * std::numbers::pi * k / dirs;
            const double ux = std::cos(ang), uy = -std::sin(ang);  // screen y down
            const double cx = x + ux * (r + d) + (ux > 0.3 ? tw / 2 : ux < -0.3 ? -tw / 2 : 0);
            const double cy = yy + uy * (r + d) + (uy > 0.3 ? th / 2 : uy < -0.3 ? -th / 2 : 0);
            const Box b{cx - tw / 2, cy - th / 2, cx + tw / 2, cy + th / 2};
            if (!b.inside(inner)) continue;
            bool clear = true;
            for (const Box& o : panel_texts) clear = clear && !b.overlaps(o, 4.0);
            for (const Box& o : obstacles) clear = clear && !b.overlaps(o, 2.0);
            if (clear && pass == 0) {
              const Box padded{b.x0 - 2, b.y0 - 2, b.x1 + 2, b.y1 + 2};
              for (const auto& sg : segments) {
                if (segment_meets(sg[0], sg[1], sg[2], sg[3], padded)) {
                  clear = false;
                  break;
                }
              }
            }
            if (clear) found = b;
          }
          if (found) {
            leader = d >= 18.0;
            break;
          }
        }
        if (!found) {
          if (std::find(unplaced.begin(), unplaced.end(), m.text) == unplaced.end()) unplaced.push_back(m.text);
          continue;
        }
        const Box b = *found;
        if (leader) {
          const double lx = std::clamp(x, b.x0, b.x1), ly = std::clamp(yy, b.y0, b.y1);
          panels += "<line x1=\"" + num(x) + "\" y1=\"" + num(yy) + "\" x2=\"" + num(lx) + "\" y2=\"" + num(ly) +
                    "\" stroke=\"#888\" stroke-width=\"0.8\"/>\n";
        }
        Text t{b.x0, b.y0 + kAscent * size, size, "start", m.text, m.radius > 0 ? "#222" : m.color, ""};
        t.halo = true;
        put_p(t);
      }
    }
    // Footer: the labels without room, as many lines as reserved.
    if (unplaced.empty()) break;
    std::vector<std::string> lines{"labels without room in a view:"};
    for (const std::string& s : unplaced) {
      const std::string item = " " + s;
      if (text_width(lines.back() + item, 11) > W - 2 * margin) lines.push_back(" ");
      lines.back() += item;
    }
    if (lines.size() > 6) {
      lines.resize(6);
      lines.back() += " ...";
    }
    if (static_cast<int>(lines.size()) <= footer_lines) {
      for (size_t i = 0; i < lines.size(); ++i)
        put_p({margin, bottom_limit + 12 + 16 * static_cast<double>(i), 11, "start",
               fit_text(lines[i], 11, W - 2 * margin), "#666", ""});
      break;
    }
    footer_lines = static_cast<int>(lines.size());
  }

  std::string s;
  s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(static_cast<int>(W)) + "\" height=\"" +
       std::to_string(static_cast<int>(H)) + "\" viewBox=\"0 0 " + std::to_string(static_cast<int>(W)) + " " +
       std::to_string(static_cast<int>(H)) + "\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s += body;
  s += panels;
  s += "</svg>\n";
  return s;
}

void SvgPlot::save(const std::string& path, int width_px, int height_px) const {
  std::ofstream f(retroanim::io::utf8_path(path), std::ios::binary);
  const std::string doc = render(width_px, height_px);
  f << doc;
  f.close();
  if (!f) throw OutputError(describe_error(path, "", std::nullopt, "cannot write the SVG file"));
}

}  // namespace retroanim::cli

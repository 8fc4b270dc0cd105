// SVG top-view writer (see svg_plot.h).
#include "svg_plot.h"

#include "commands.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "retroanim/error.h"
#include "retroanim/io/file_path.h"

namespace retroanim::cli {

namespace {

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

bool finite_xz(math::Vec3 p) { return std::isfinite(p.x) && std::isfinite(p.z); }

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

}  // namespace

SvgPlot::SvgPlot(std::string title) : title_(std::move(title)) {}

void SvgPlot::polyline(const std::vector<math::Vec3>& points, const std::string& color, float width_px, bool closed) {
  lines_.push_back({points, color, width_px, closed});
}

void SvgPlot::marker(math::Vec3 point, const std::string& color, const std::string& label, float radius_px) {
  marks_.push_back({point, color, label, radius_px});
}

void SvgPlot::label(math::Vec3 point, const std::string& text, const std::string& color) {
  marks_.push_back({point, color, text, 0.0f});
}

std::string SvgPlot::render(int width_px, int height_px) const {
  // Bounds of everything drawn, in world X/Z.
  double minx = INFINITY, maxx = -INFINITY, minz = INFINITY, maxz = -INFINITY;
  auto grow = [&](math::Vec3 p) {
    if (!finite_xz(p)) return;
    minx = std::min(minx, static_cast<double>(p.x));
    maxx = std::max(maxx, static_cast<double>(p.x));
    minz = std::min(minz, static_cast<double>(p.z));
    maxz = std::max(maxz, static_cast<double>(p.z));
  };
  for (const Line& l : lines_) std::for_each(l.points.begin(), l.points.end(), grow);
  for (const Mark& m : marks_) grow(m.point);
  if (!(minx <= maxx)) minx = maxx = minz = maxz = 0.0;
  const double margin = 40.0;
  const double w = std::max(1.0, width_px - 2 * margin), h = std::max(1.0, height_px - 2 * margin);
  const double spanx = std::max(maxx - minx, 1e-9), spanz = std::max(maxz - minz, 1e-9);
  const double scale = std::min(w / spanx, h / spanz);
  const double cx = (minx + maxx) / 2, cz = (minz + maxz) / 2;
  auto sx = [&](double x) { return width_px / 2.0 + (x - cx) * scale; };
  auto sy = [&](double z) { return height_px / 2.0 - (z - cz) * scale; };  // Z up the page

  std::string s;
  s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width_px) + "\" height=\"" +
       std::to_string(height_px) + "\" viewBox=\"0 0 " + std::to_string(width_px) + " " +
       std::to_string(height_px) + "\">\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  if (!title_.empty()) {
    s += "<text x=\"10\" y=\"20\" font-family=\"sans-serif\" font-size=\"14\">" + escape(title_) + "</text>\n";
  }
  s += "<text x=\"10\" y=\"" + std::to_string(height_px - 10) +
       "\" font-family=\"sans-serif\" font-size=\"11\" fill=\"#777\">top view: X right, Z up</text>\n";
  for (const Line& l : lines_) {
    std::string pts;
    for (const math::Vec3& p : l.points) {
      if (!finite_xz(p)) continue;
      pts += num(sx(p.x)) + "," + num(sy(p.z)) + " ";
    }
    if (pts.empty()) continue;
    s += std::string("<") + (l.closed ? "polygon" : "polyline") + " points=\"" + pts + "\" fill=\"none\" stroke=\"" +
         escape(l.color) + "\" stroke-width=\"" + num(l.width) + "\" stroke-linejoin=\"round\"/>\n";
  }
  for (const Mark& m : marks_) {
    if (!finite_xz(m.point)) continue;
    const double x = sx(m.point.x), y = sy(m.point.z);
    if (m.radius > 0) {
      s += "<circle cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" r=\"" + num(m.radius) + "\" fill=\"" +
           escape(m.color) + "\"/>\n";
    }
    if (!m.text.empty()) {
      s += "<text x=\"" + num(x + m.radius + 3) + "\" y=\"" + num(y - m.radius - 3) +
           "\" font-family=\"sans-serif\" font-size=\"12\" fill=\"" + escape(m.radius > 0 ? "#333" : m.color) + "\">" +
           escape(m.text) + "</text>\n";
    }
  }
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

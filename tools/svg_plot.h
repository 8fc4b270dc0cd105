// A small SVG writer for the CLI's plots (`ck curve --svg`, `ck anim --svg`,
// `ck play --svg`, `ac scenario --svg`, the demo): a top view and, beside it,
// a side view of paths, markers and heading arrows in world units.
//
// Each view has axes with ticks and the unit, light grid lines, a scale bar
// and its own uniform scale (no view is stretched). Above both: a title (the
// object), an optional subtitle and a legend of the named paths. Marker
// labels are placed where they overlap no other label, marker or scale bar
// and stay inside their view (a label that finds no free place is listed
// under the views instead). A path is cut where it jumps (a step more than 10
// times its median step and more than 5 % of the views' extent, as when a
// looping animation starts again), so no line crosses a loop's jump.
#pragma once

#include <string>
#include <vector>

#include "retroanim/math/vec3.h"

namespace retroanim::cli {

// Which world axes the two views show (0 = x, 1 = y, 2 = z).
struct PlotAxes {
  int top_h = 0, top_v = 2;   // top view: horizontal and vertical (up the page) axes
  int side_h = 0, side_v = 1; // side view
  const char* names[3] = {"x", "y", "z"};
  std::string unit = "units";
  // Virtools (y up, left-handed): top view x right, z up the page; side view x right, y up.
  static PlotAxes virtools() { return PlotAxes{}; }
  // Asheron's Call (z up): top view x (east) right, y (north) up; side view x right, z up; metres.
  static PlotAxes asherons_call() {
    PlotAxes a;
    a.top_v = 1;
    a.side_v = 2;
    a.unit = "m";
    return a;
  }
};

// A drawing in world units; render() lays it out into a fixed-size picture.
class SvgPlot {
 public:
  // A plot titled `title` (naming the object shown).
  explicit SvgPlot(std::string title = "", PlotAxes axes = PlotAxes::virtools());

  // A second, smaller line under the title (e.g. the file).
  void subtitle(const std::string& text) { subtitle_ = text; }
  // A path through the points in order, cut at jumps; `name` (optional) goes
  // into the legend; closed joins the last point to the first.
  void path(const std::vector<math::Vec3>& points, const std::string& color, const std::string& name = "",
            float width_px = 2.0f, bool closed = false);
  // The same, unnamed (kept for the callers of the first version).
  void polyline(const std::vector<math::Vec3>& points, const std::string& color, float width_px = 2.0f,
                bool closed = false) {
    path(points, color, "", width_px, closed);
  }
  // A filled circle at the point, with an optional label beside it (both views).
  void marker(math::Vec3 point, const std::string& color, const std::string& label = "", float radius_px = 4.0f);
  // Text placed at the point like a marker's label, without a circle.
  void label(math::Vec3 point, const std::string& text, const std::string& color = "#333");
  // A heading arrow at `point` along `direction` (top view only: a heading is horizontal).
  void arrow(math::Vec3 point, math::Vec3 direction, const std::string& color);

  // The SVG document, width_px x height_px. Non-finite points are skipped.
  std::string render(int width_px = 1200, int height_px = 640) const;
  // Writes render() to path; throws OutputError when the file cannot be written.
  void save(const std::string& path, int width_px = 1200, int height_px = 640) const;

  // The width the layout assumes for `text` at `font_px` (DejaVu Sans-like
  // advances by kind of character, on the generous side); tests use it too.
  static double text_width(const std::string& text, double font_px);

 private:
  struct Line {
    std::vector<math::Vec3> points;
    std::string color, name;
    float width;
    bool closed;
  };
  struct Mark {
    math::Vec3 point;
    std::string color, text;
    float radius;  // 0: text only
  };
  struct Arrow {
    math::Vec3 point, direction;
    std::string color;
  };
  std::string title_, subtitle_;
  PlotAxes axes_;
  std::vector<Line> lines_;
  std::vector<Mark> marks_;
  std::vector<Arrow> arrows_;
};

}  // namespace retroanim::cli

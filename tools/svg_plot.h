// A small SVG writer for top views (looking down the Y axis at the X/Z plane,
// X to the right, Z up the page): polylines, point markers and text labels,
// with a viewport fitted automatically to everything drawn. Used by the curve
// command and demo, and reusable for trajectories.
#pragma once

#include <string>
#include <vector>

#include "retroanim/math/vec3.h"

namespace retroanim::cli {

// A drawing in world units; render() scales it into a fixed-size picture.
class SvgPlot {
 public:
  // A plot with an optional title drawn in the top-left corner.
  explicit SvgPlot(std::string title = "");

  // Draws a line through the points' (x, z) in order; closed joins the last to the first.
  void polyline(const std::vector<math::Vec3>& points, const std::string& color, float width_px = 2.0f,
                bool closed = false);
  // Draws a filled circle at the point's (x, z), with an optional label beside it.
  void marker(math::Vec3 point, const std::string& color, const std::string& label = "", float radius_px = 4.0f);
  // Draws text at the point's (x, z).
  void label(math::Vec3 point, const std::string& text, const std::string& color = "#333");

  // The SVG document, width_px x height_px, uniform scale, 40 px margins.
  // Non-finite points are skipped.
  std::string render(int width_px = 800, int height_px = 800) const;
  // Writes render() to path; throws retroanim::Error when the file cannot be written.
  void save(const std::string& path, int width_px = 800, int height_px = 800) const;

 private:
  struct Line {
    std::vector<math::Vec3> points;
    std::string color;
    float width;
    bool closed;
  };
  struct Mark {
    math::Vec3 point;
    std::string color, text;
    float radius;  // 0: text only
  };
  std::string title_;
  std::vector<Line> lines_;
  std::vector<Mark> marks_;
};

}  // namespace retroanim::cli

// The CLI's SVG plots (tools/svg_plot.h) are readable: each command's plot
// (`ck curve --svg`, `ck anim --svg`, `ck play --svg`, `ac scenario --svg`,
// the demo's) has a title naming the object, axes with their unit, a scale
// bar, text labels that overlap no other text and stay on the canvas (boxes
// computed from the SVG with the layout's own width estimate), and no line
// across a loop's jump; rendered to PNG with rsvg-convert (Debian
// librsvg2-bin) it is not blank and shows its paths' colours. Skips the PNG
// checks, saying so, without rsvg-convert.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "retroanim/io/compression.h"
#include "support/test_support.h"

namespace fs = std::filesystem;
using retroanim::test::CliResult;
using retroanim::test::read_file;
using retroanim::test::run_cli;

namespace {

struct TextItem {
  double x, y, size;
  std::string anchor, content;
  bool rotated, bold;
};

std::string attr(const std::string& tag, const std::string& name) {
  const std::string key = " " + name + "=\"";
  const size_t at = tag.find(key);
  if (at == std::string::npos) return "";
  const size_t start = at + key.size();
  return tag.substr(start, tag.find('"', start) - start);
}

std::string unescape(std::string s) {
  const std::pair<const char*, const char*> table[] = {{"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&amp;", "&"}};
  for (const auto& [from, to] : table) {
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + 1)) s.replace(at, std::strlen(from), to);
  }
  return s;
}

std::vector<TextItem> texts_of(const std::string& svg) {
  std::vector<TextItem> out;
  for (size_t at = svg.find("<text "); at != std::string::npos; at = svg.find("<text ", at + 1)) {
    const size_t close = svg.find('>', at);
    const std::string tag = svg.substr(at, close - at);
    const size_t end = svg.find("</text>", close);
    out.push_back({std::atof(attr(tag, "x").c_str()), std::atof(attr(tag, "y").c_str()),
                   std::atof(attr(tag, "font-size").c_str()), attr(tag, "text-anchor"),
                   unescape(svg.substr(close + 1, end - close - 1)), !attr(tag, "transform").empty(),
                   attr(tag, "font-weight") == "bold"});
  }
  return out;
}

// The layout's width estimate (SvgPlot::text_width), per kind of character.
double text_width(const std::string& s, double size) {
  double em = 0;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c0 = static_cast<unsigned char>(s[i]);
    const int n = c0 < 0x80 ? 0 : (c0 >> 5) == 6 ? 1 : (c0 >> 4) == 14 ? 2 : (c0 >> 3) == 30 ? 3 : 0;
    uint32_t c = n == 0 ? c0 : n == 1 ? (c0 & 0x1F) : n == 2 ? (c0 & 0x0F) : (c0 & 0x07);
    ++i;
    for (int k = 0; k < n && i < s.size(); ++k, ++i) c = (c << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
    if (c >= 0x2E80) em += 1.0;
    else if (std::strchr(" ilj.,:;'|!I()[]", static_cast<int>(c)) && c != 0) em += 0.40;
    else if (c == 'm' || c == 'w' || c == 'M' || c == 'W') em += 0.95;
    else if (c >= 'A' && c <= 'Z') em += 0.75;
    else if (c >= '0' && c <= '9') em += 0.65;
    else em += 0.64;
  }
  return em * size;
}

struct Box {
  double x0, y0, x1, y1;
};

Box box_of(const TextItem& t) {
  const double w = text_width(t.content, t.size);
  const double start = t.anchor == "middle" ? -w / 2 : t.anchor == "end" ? -w : 0.0;
  if (!t.rotated) return {t.x + start, t.y - 0.95 * t.size, t.x + start + w, t.y + 0.25 * t.size};
  return {t.x - 0.95 * t.size, t.y - start - w, t.x + 0.25 * t.size, t.y - start};
}

// Checks the SVG's layout; `name` must appear in the title.
void check_layout(const std::string& svg_path, const std::string& name) {
  SCOPED_TRACE(svg_path);
  const std::string svg = read_file(svg_path);
  ASSERT_NE(svg.find("<svg"), std::string::npos);
  const double W = std::atof(attr(svg.substr(0, svg.find('>')), "width").c_str());
  const double H = std::atof(attr(svg.substr(0, svg.find('>')), "height").c_str());
  const std::vector<TextItem> texts = texts_of(svg);
  ASSERT_GT(texts.size(), 10u);
  // The title (the first text, bold) names the object.
  EXPECT_TRUE(texts[0].bold);
  EXPECT_NE(texts[0].content.find(name), std::string::npos) << texts[0].content;
  // Both views, their axes with the unit, and a scale bar in each.
  int views = 0, axis_names = 0, scales = 0;
  for (const TextItem& t : texts) {
    views += t.content.rfind("top view: ", 0) == 0 || t.content.rfind("side view: ", 0) == 0;
    axis_names += t.content.size() > 3 && t.content.find(" (") == 1 && t.content.back() == ')';
    scales += t.content.size() > 2 && (t.content.find(" units") != std::string::npos ||
                                       t.content.substr(t.content.size() - 2) == " m") &&
              t.content.find("(") == std::string::npos;
  }
  EXPECT_EQ(views, 2);
  EXPECT_EQ(axis_names, 4);
  EXPECT_GE(scales, 2);
  // Numbered ticks on every axis: at least 3 numbers per axis.
  int numbers = 0;
  for (const TextItem& t : texts) numbers += !t.content.empty() && t.content.find_first_not_of("-0123456789.") == std::string::npos;
  EXPECT_GE(numbers, 12);
  // No text leaves the canvas; no two texts overlap.
  std::vector<Box> boxes;
  for (const TextItem& t : texts) boxes.push_back(box_of(t));
  for (size_t i = 0; i < boxes.size(); ++i) {
    const Box& a = boxes[i];
    EXPECT_TRUE(a.x0 >= 0 && a.y0 >= 0 && a.x1 <= W && a.y1 <= H) << "'" << texts[i].content << "' leaves the canvas";
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      const Box& b = boxes[j];
      const bool overlap = a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
      EXPECT_FALSE(overlap) << "'" << texts[i].content << "' overlaps '" << texts[j].content << "'";
    }
  }
}

// The longest step, in pixels, of the polylines drawn in `color`, and how many there are.
std::pair<double, int> polylines_of(const std::string& svg, const std::string& color) {
  double longest = 0;
  int count = 0;
  for (size_t at = svg.find("<polyline "); at != std::string::npos; at = svg.find("<polyline ", at + 1)) {
    const std::string tag = svg.substr(at, svg.find('>', at) - at);
    if (attr(tag, "stroke") != color) continue;
    ++count;
    std::vector<std::pair<double, double>> pts;
    const std::string list = attr(tag, "points");
    for (size_t p = 0; p < list.size();) {
      char* end = nullptr;
      const double x = std::strtod(list.c_str() + p, &end);
      if (end == list.c_str() + p) break;
      const double y = std::strtod(end + 1, &end);
      pts.push_back({x, y});
      p = static_cast<size_t>(end - list.c_str());
      while (p < list.size() && list[p] == ' ') ++p;
    }
    for (size_t i = 1; i < pts.size(); ++i)
      longest = std::max(longest, std::hypot(pts[i].first - pts[i - 1].first, pts[i].second - pts[i - 1].second));
  }
  return {longest, count};
}

bool have_rsvg() { return std::system("command -v rsvg-convert >/dev/null 2>&1") == 0; }

struct Image {
  int w = 0, h = 0;
  std::vector<uint8_t> rgb;  // 3 bytes a pixel
};

uint32_t be32(const std::string& s, size_t at) {
  return (static_cast<uint32_t>(static_cast<uint8_t>(s[at])) << 24) | (static_cast<uint8_t>(s[at + 1]) << 16) |
         (static_cast<uint8_t>(s[at + 2]) << 8) | static_cast<uint8_t>(s[at + 3]);
}

// A non-interlaced 8-bit RGB or RGBA PNG (what rsvg-convert writes), composited on white.
Image decode_png(const std::string& png) {
  Image img;
  if (png.size() < 33 || png.compare(0, 8, std::string("\x89PNG\r\n\x1a\n", 8)) != 0) return img;
  std::string idat;
  int depth = 0, type = 0, interlace = 0;
  for (size_t at = 8; at + 12 <= png.size();) {
    const uint32_t len = be32(png, at);
    const std::string kind = png.substr(at + 4, 4);
    if (kind == "IHDR") {
      img.w = static_cast<int>(be32(png, at + 8));
      img.h = static_cast<int>(be32(png, at + 12));
      depth = static_cast<uint8_t>(png[at + 16]);
      type = static_cast<uint8_t>(png[at + 17]);
      interlace = static_cast<uint8_t>(png[at + 20]);
    } else if (kind == "IDAT") {
      idat += png.substr(at + 8, len);
    }
    at += 12 + len;
  }
  const int bpp = type == 6 ? 4 : type == 2 ? 3 : 0;
  if (depth != 8 || bpp == 0 || interlace != 0 || img.w <= 0 || img.h <= 0) return Image{};
  const size_t stride = static_cast<size_t>(img.w) * bpp;
  std::vector<uint8_t> raw((stride + 1) * static_cast<size_t>(img.h));
  const auto r = retroanim::io::inflate_exact(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(idat.data()), idat.size()), raw);
  if (!r.ok() || r.produced != raw.size()) return Image{};
  std::vector<uint8_t> prev(stride, 0), cur(stride);
  img.rgb.resize(static_cast<size_t>(img.w) * img.h * 3);
  for (int y = 0; y < img.h; ++y) {
    const uint8_t* line = raw.data() + static_cast<size_t>(y) * (stride + 1);
    const int filter = line[0];
    for (size_t i = 0; i < stride; ++i) {
      const int a = i >= static_cast<size_t>(bpp) ? cur[i - bpp] : 0, b = prev[i],
                c = i >= static_cast<size_t>(bpp) ? prev[i - bpp] : 0;
      int pred = 0;
      switch (filter) {
        case 1: pred = a; break;
        case 2: pred = b; break;
        case 3: pred = (a + b) / 2; break;
        case 4: {
          const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
          pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: pred = 0;
      }
      cur[i] = static_cast<uint8_t>(line[1 + i] + pred);
    }
    for (int x = 0; x < img.w; ++x) {
      const uint8_t* p = &cur[static_cast<size_t>(x) * bpp];
      const int alpha = bpp == 4 ? p[3] : 255;
      for (int k = 0; k < 3; ++k)
        img.rgb[(static_cast<size_t>(y) * img.w + x) * 3 + k] =
            static_cast<uint8_t>((p[k] * alpha + 255 * (255 - alpha)) / 255);
    }
    prev = cur;
  }
  return img;
}

// Renders the SVG to PNG and checks it is not blank and shows `colors`.
void check_png(const std::string& svg_path, const std::vector<std::string>& colors) {
  SCOPED_TRACE(svg_path);
  if (!have_rsvg()) GTEST_SKIP() << "rsvg-convert not found (Debian librsvg2-bin; scripts/bootstrap.sh installs it)";
  const std::string png_path = svg_path.substr(0, svg_path.size() - 4) + ".png";
  ASSERT_EQ(std::system(("rsvg-convert '" + svg_path + "' -o '" + png_path + "'").c_str()), 0);
  const Image img = decode_png(read_file(png_path));
  ASSERT_GT(img.w, 0) << "not a PNG rsvg-convert writes";
  size_t ink = 0;
  std::set<uint32_t> distinct;
  for (size_t i = 0; i < img.rgb.size(); i += 3) {
    const uint32_t c = (img.rgb[i] << 16) | (img.rgb[i + 1] << 8) | img.rgb[i + 2];
    if (c != 0xFFFFFF) ++ink;
    distinct.insert(c);
  }
  const double total = static_cast<double>(img.w) * img.h;
  EXPECT_GT(ink / total, 0.02) << "the picture is (nearly) blank";
  EXPECT_GT(distinct.size(), 16u);
  for (const std::string& color : colors) {
    const uint32_t want = static_cast<uint32_t>(std::strtoul(color.c_str() + 1, nullptr, 16));
    size_t n = 0;
    for (size_t i = 0; i < img.rgb.size(); i += 3) {
      const int dr = img.rgb[i] - static_cast<int>(want >> 16), dg = img.rgb[i + 1] - static_cast<int>((want >> 8) & 255),
                db = img.rgb[i + 2] - static_cast<int>(want & 255);
      n += std::abs(dr) + std::abs(dg) + std::abs(db) <= 12;
    }
    EXPECT_GT(n, 20u) << color << " does not appear";
  }
}

std::string demo_dir() {
  static const std::string dir = [] {
    const std::string d = retroanim::test::temp_dir();
    const CliResult r = run_cli("demo --out '" + d + "'");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return d;
  }();
  return dir;
}

}  // namespace

TEST(SvgPlots, DemoCurve) {
  const std::string svg = demo_dir() + "/ck_curve.svg";
  check_layout(svg, "curve");
  check_png(svg, {"#1f77b4", "#d62728"});
}

TEST(SvgPlots, DemoPlay) {
  const std::string svg = demo_dir() + "/ck_play.svg";
  check_layout(svg, "Cam_MenuLevel");
  check_png(svg, {"#2471a3", "#c0392b"});
}

TEST(SvgPlots, CurveFromASpec) {
  const std::string svg = retroanim::test::temp_dir() + "/curve.svg";
  const CliResult r = run_cli("ck curve --spec '" + demo_dir() + "/ck_curve_spec.json' --at 0,0.5 --svg '" + svg + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  check_layout(svg, "ck curve");
  check_png(svg, {"#1f77b4"});
}

TEST(SvgPlots, AnimOfTheDemoFile) {
  const std::string svg = retroanim::test::temp_dir() + "/anim.svg";
  const CliResult r =
      run_cli("ck anim '" + demo_dir() + "/ck_play_demo.nmo' --name 'Record Anim' --at 0,0.5,1 --svg '" + svg + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  check_layout(svg, "Record Anim");
  check_png(svg, {"#c0392b"});
  const std::string doc = read_file(svg);
  EXPECT_NE(doc.find(">frame 150</text>"), std::string::npos);
  EXPECT_NE(doc.find("<polygon"), std::string::npos);  // heading arrows
}

TEST(SvgPlots, PlayOfTheDemoFileCutsTheLoops) {
  // The stone scenario loops Record Anim (300 frames, 10 s): 25 s is three runs.
  const std::string svg = retroanim::test::temp_dir() + "/play.svg";
  const CliResult r =
      run_cli("ck play '" + demo_dir() + "/ck_play_demo.nmo' --scenario stone --seconds 25 --svg '" + svg + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  check_layout(svg, "I_Ball_Stone");
  check_png(svg, {"#c0392b"});
  const auto [longest, count] = polylines_of(read_file(svg), "#c0392b");
  EXPECT_LT(longest, 40.0) << "a line crosses a jump";
}

TEST(SvgPlots, AcScenarioPathAndHeading) {
  for (const char* name : {"physics"}) {
    const std::string svg = retroanim::test::temp_dir() + "/" + name + ".svg";
    const std::string scenario = retroanim::test::test_data_dir() + "/ac/" + name + ".json";
    const CliResult r = run_cli("ac scenario '" + scenario + "' --svg '" + svg + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // The trace on stdout is the same as without --svg.
    EXPECT_EQ(r.out, run_cli("ac scenario '" + scenario + "'").out);
    check_layout(svg, "ac scenario");
    EXPECT_NE(read_file(svg).find("y (m)"), std::string::npos);
    check_png(svg, {"#2471a3"});
  }
}

TEST(SvgPlots, RealFiles) {
  RETROANIM_REQUIRE_BALLANCE(menu, "MenuLevel.nmo");
  const std::string dir = retroanim::test::temp_dir();
  struct Case {
    std::string args, svg, name;
    std::vector<std::string> colors;
  };
  const std::vector<Case> cases = {
      {"ck curve '" + menu + "' --name I_MenuLevel_Curve --at 0,0.25,0.5", "curve.svg", "I_MenuLevel_Curve",
       {"#1f77b4"}},
      {"ck anim '" + menu + "' --name 'Record Anim' --at 0,0.5,1", "anim.svg", "I_Ball_Stone", {"#c0392b"}},
      {"ck play '" + menu + "' --scenario menu-camera --seconds 90", "camera.svg", "Cam_MenuLevel", {"#c0392b"}},
      {"ck play '" + menu + "' --scenario stone --seconds 130", "stone.svg", "I_Ball_Stone", {"#c0392b"}},
  };
  for (const Case& c : cases) {
    const std::string svg = dir + "/" + c.svg;
    const CliResult r = run_cli(c.args + " --svg '" + svg + "'");
    ASSERT_EQ(r.exit_code, 0) << c.args << ": " << r.err;
    check_layout(svg, c.name);
    check_png(svg, c.colors);
  }
  // The stone loops (it is put back at its start): the path is cut there, and
  // the side view shows its drop.
  const std::string stone = read_file(dir + "/stone.svg");
  const auto [longest, count] = polylines_of(stone, "#c0392b");
  EXPECT_LT(longest, 40.0) << "a line crosses the loop's jump";
  EXPECT_GE(count, 2 * 2) << "both views, cut at least once each";
}

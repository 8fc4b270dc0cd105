// `retroanim ck anim FILE --name NAME (--at S1,S2,... | --frames F1,...) [--json] [--svg OUT]`,
// `retroanim ck anim FILE --keyed NAME (--at ... | --frames ...) [--json] [--svg OUT]` and
// `retroanim ck anim --spec FILE.json (--at ... | --frames ...) [--json] [--svg OUT]`:
// loads a Virtools file (or builds an object animation from a JSON spec,
// harness/ck/anim_spec.h), sets an object animation's (or a keyed animation's)
// step with SetStep and prints the animated entities' world matrices; --svg
// also draws the entities' paths over the whole animation (svg_plot.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"
#include "harness/ck/anim_json.h"
#include "harness/ck/anim_spec.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/error.h"
#include "harness/io/json_text.h"
#include "svg_plot.h"

namespace retroanim::cli {

namespace {

struct AnimOptions {
  std::string file;
  std::string spec;
  std::string name;
  std::string keyed;
  std::string at;
  std::string frames;
  bool json = false;
  std::string svg;
  uint32_t code_page = 1252;
};

void print_matrix(const math::Matrix& m) {
  for (int r = 0; r < 4; ++r)
    std::printf("    [%s %s %s %s]\n", fixed(m[r][0], 12, 6).c_str(), fixed(m[r][1], 12, 6).c_str(),
                fixed(m[r][2], 12, 6).c_str(), fixed(m[r][3], 12, 6).c_str());
}

// The (step, frame) pairs to sample: --at gives steps, --frames gives frames.
std::vector<std::pair<float, float>> sample_points(const AnimOptions& o, float length) {
  return ck::anim_sample_points(o.at, o.frames, length);
}

// The --svg plot: each entity's world position at every frame of the animation
// (SetStep at frame / length; at most 2001 steps), a heading arrow (the world
// z axis) at 12 places along each path, and the sampled points marked.
template <typename SetStep>
void write_anim_svg(const AnimOptions& o, const std::string& title, float length,
                    const std::vector<const ck::ObjectAnimation*>& members, SetStep set_step_at,
                    const std::vector<std::pair<float, float>>& points) {
  static const char* colors[] = {"#c0392b", "#2471a3", "#239b56", "#b9770e", "#7d3c98", "#117a65"};
  const int steps = std::clamp(static_cast<int>(std::ceil(length)), 1, 2000);
  std::vector<std::vector<math::Vec3>> paths(members.size()), heads(members.size());
  for (int i = 0; i <= steps; ++i) {
    set_step_at(static_cast<float>(i) / static_cast<float>(steps));
    for (size_t k = 0; k < members.size(); ++k) {
      const math::Matrix& w = members[k]->entity->world_matrix();
      paths[k].push_back(w.row(3));
      heads[k].push_back(w.row(2));
    }
  }
  SvgPlot plot(title);
  char sub[200];
  std::snprintf(sub, sizeof sub, "; world positions at %d steps over %g frames (SetStep), heading: the entity's z axis",
                steps + 1, static_cast<double>(length));
  plot.subtitle((o.spec.empty() ? o.file : o.spec) + sub);
  for (size_t k = 0; k < members.size(); ++k) {
    const char* color = colors[k % 6];
    plot.path(paths[k], color, shown(members[k]->entity->name) + " (" + shown(members[k]->name) + ")");
    for (int a = 0; a < 12; ++a) {
      const size_t i = static_cast<size_t>(a) * paths[k].size() / 12;
      plot.arrow(paths[k][i], heads[k][i], color);
    }
  }
  for (auto [step, frame] : points) {
    set_step_at(step);
    for (size_t k = 0; k < members.size(); ++k) {
      char text[64];
      std::snprintf(text, sizeof text, "frame %g", static_cast<double>(frame));
      plot.marker(members[k]->entity->world_matrix().row(3), colors[k % 6], members.size() == 1 ? text : "", 4.0f);
    }
  }
  plot.save(o.svg);
}

// The object animation's samples (and plot): the same for a file's animation and a spec's.
int run_animation(ck::ObjectAnimation* anim, const AnimOptions& o) {
  float length = anim->length();
  std::vector<std::pair<float, float>> points = sample_points(o, length);  // errors before any output
  if (o.json) {
    std::cout << retroanim::io::json_text(ck::object_animation_json(*anim, points), retroanim::io::JsonLayout::kIndented)
              << "\n";
  } else {
    std::printf("%s -> %s, length %g frames\n", shown(anim->name).c_str(), shown(anim->entity->name).c_str(),
                static_cast<double>(length));
    for (auto [step, frame] : points) {
      ck::set_step(*anim, step);
      std::printf("  step %g (frame %g):\n", static_cast<double>(step), static_cast<double>(frame));
      print_matrix(anim->entity->world_matrix());
    }
  }
  if (!o.svg.empty()) {
    write_anim_svg(o, "ck anim: " + shown(anim->name) + " moving " + shown(anim->entity->name), length, {anim},
                   [&](float step) { ck::set_step(*anim, step); }, points);
  }
  return 0;
}

int run_object(ck::Scene& scene, const AnimOptions& o) {
  ck::ObjectAnimation* anim = scene.object_animation(o.name);
  if (!anim) throw Error(o.file + ": no object animation named '" + shown(o.name) + "'");
  if (!anim->entity) throw Error(o.file + ": " + shown(o.name) + ": the animation has no entity");
  return run_animation(anim, o);
}

int run_keyed(ck::Scene& scene, const AnimOptions& o) {
  ck::KeyedAnimation* keyed = scene.keyed_animation(o.keyed);
  if (!keyed) throw Error(o.file + ": no keyed animation named '" + shown(o.keyed) + "'");
  float length = keyed->length;
  std::vector<std::pair<float, float>> points = sample_points(o, length);  // errors before any output
  // A member without an entity moves nothing and is not printed: say so, once each.
  for (const ck::ObjectAnimation* anim : keyed->animations)
    if (anim && !anim->entity)
      std::fprintf(stderr, "retroanim: warning: %s: keyed animation '%s': member '%s' has no entity; it is skipped\n",
                   o.file.c_str(), shown(keyed->name).c_str(), shown(anim->name).c_str());
  if (o.json) {
    std::cout << retroanim::io::json_text(ck::keyed_animation_json(*keyed, points), retroanim::io::JsonLayout::kIndented)
              << "\n";
  } else {
    std::printf("%s: %zu object animations, length %g frames\n", shown(keyed->name).c_str(), keyed->animations.size(),
                static_cast<double>(length));
    for (auto [step, frame] : points) {
      ck::set_step(*keyed, step);
      std::printf("  step %g (frame %g):\n", static_cast<double>(step), static_cast<double>(frame));
      for (const ck::ObjectAnimation* anim : keyed->animations) {
        if (!anim || !anim->entity) continue;
        std::printf("   %s (%s):\n", shown(anim->entity->name).c_str(), shown(anim->name).c_str());
        print_matrix(anim->entity->world_matrix());
      }
    }
  }
  if (!o.svg.empty()) {
    std::vector<const ck::ObjectAnimation*> members;
    for (const ck::ObjectAnimation* anim : keyed->animations)
      if (anim && anim->entity) members.push_back(anim);
    write_anim_svg(o, "ck anim: keyed animation " + shown(keyed->name) + " (" + std::to_string(members.size()) +
                          " animated entities)",
                   length, members, [&](float step) { ck::set_step(*keyed, step); }, points);
  }
  return 0;
}

}  // namespace

void register_ck_anim(CLI::App& parent, Runner& run) {
  auto o = std::make_shared<AnimOptions>();
  auto* cmd = parent.add_subcommand("anim", "Sample an object or keyed animation of a Virtools file (SetStep)");
  input_file(cmd->add_option("file", o->file, "The .nmo / .cmo file"))->type_name("FILE");
  input_file(cmd->add_option("--spec", o->spec,
                             "An object animation as JSON instead of a file (retroanim.ck.anim-spec/1, docs/CLI.md)"))
      ->type_name("FILE.json");
  cmd->add_option("--name", o->name, "Object animation name (UTF-8)")->type_name("NAME");
  cmd->add_option("--keyed", o->keyed, "Keyed animation name (prints every animated entity)")->type_name("NAME");
  cmd->add_option("--at", o->at, "Comma-separated steps in [0,1], e.g. 0,0.5,1")->type_name("S1,S2,...");
  cmd->add_option("--frames", o->frames, "Comma-separated frames instead of steps")->type_name("F1,F2,...");
  add_encoding_option(cmd, o->code_page);
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->add_option("--svg", o->svg, "Also draw the animated entities' paths over the whole animation (top and side views)")
      ->type_name("FILE.svg");
  cmd->callback([o, &run, cmd] {
    const bool encoding_given = cmd->count("--encoding") > 0;
    run = [o, encoding_given]() -> int {
      if (o->at.empty() == o->frames.empty()) throw Error("ck anim: give exactly one of --at S1,... or --frames F1,...");
      if (!o->spec.empty()) {
        if (!o->file.empty()) throw Error("ck anim: give either FILE (--name | --keyed) or --spec FILE.json, not both");
        if (!o->name.empty() || !o->keyed.empty())
          throw Error("ck anim: --name and --keyed name an animation of a FILE; a --spec file holds one animation");
        if (encoding_given) throw Error("ck anim: --encoding applies to the names of a FILE; a --spec file is UTF-8 JSON");
        ck::io::SpecAnimation spec = ck::io::read_anim_spec_file(o->spec);
        return run_animation(spec.animation.get(), *o);
      }
      if (o->file.empty()) throw Error("ck anim: FILE (with --name or --keyed) or --spec FILE.json is required");
      if (o->name.empty() == o->keyed.empty()) throw Error("ck anim: give exactly one of --name NAME or --keyed NAME");
      ck::Scene scene = ck::io::load_scene_file(o->file, read_options(o->code_page));
      return o->keyed.empty() ? run_object(scene, *o) : run_keyed(scene, *o);
    };
  });
}

}  // namespace retroanim::cli

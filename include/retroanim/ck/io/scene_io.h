// Loading a Virtools file into a Scene and saving a Scene as a file.
//
// Loading follows CKFile::LoadFileData / FinishLoading: every object of the
// object table becomes a record; the classes retroanim models get runtime
// objects (3D entities and their subclasses, curve points, curves, object and
// keyed animations) loaded from their chunks; once every object exists, object
// references are resolved (entity parents -> hierarchy, curve point lists,
// animation entities), and curves are left dirty so their first evaluation runs
// Update (spec 3.3: the lazy update needs the points' world matrices, which are
// only all known after the whole file is read).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "retroanim/ck/io/nmo_file.h"
#include "retroanim/ck/io/scene.h"

namespace retroanim::ck::io {

// Reads `bytes` (a whole .nmo/.cmo file) into a scene. `file_name` names the
// file in error messages. Throws retroanim::Error on any bad input.
Scene load_scene(std::span<const uint8_t> bytes, const std::string& file_name, const ReadOptions& options = {});

// Reads the file at `path` into a scene (see load_scene).
Scene load_scene_file(const std::string& path, const ReadOptions& options = {});

// Builds the scene from an already-read file (the file's chunks move into the
// records; the names are decoded from `name_code_page` to UTF-8; meshes,
// materials and textures loaded with `load_graphics`, ReadOptions::load_graphics).
Scene build_scene(NmoFile file, const std::string& file_name, uint32_t name_code_page = 1252,
                  bool load_graphics = true);

// The file a scene saves as: the object table from the records, the chunks
// of modelled objects re-saved from their runtime state (merged into the
// chunk they were read from, so identifiers retroanim does not model are kept),
// generic records' raw chunks unchanged, names saved as their stored bytes
// (or, for a new or renamed record, encoded in the scene's code page: an
// Error when the code page cannot hold them), and the scene's file facts (header
// versions, plugin dependencies, managers, included files, trailing bytes).
NmoFile scene_to_file(const Scene& scene);

// scene_to_file, then write_nmo. Saving the same scene twice gives identical bytes.
std::vector<uint8_t> save_scene(const Scene& scene, const WriteOptions& options = {});

}  // namespace retroanim::ck::io

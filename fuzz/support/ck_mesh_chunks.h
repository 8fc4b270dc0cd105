// Mesh, material and texture chunks in the layouts CK2 2.1 saves, built with
// the project's chunk writer (never from a game file): the seeds of the
// mesh_chunk, material_chunk and texture_chunk fuzz targets.
#pragma once

#include <cstdint>
#include <vector>

#include "retroanim/ck/io/material_io.h"
#include "retroanim/ck/io/mesh_io.h"
#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/ck/io/texture_io.h"
#include "retroanim/io/image.h"

namespace retroanim::fuzz {

// A quad of 4 vertices (2 faces, 2 material slots, 1 line, 1 channel);
// `save` the vertex save flags.
inline ck::io::StateChunk mesh_chunk(uint32_t save) {
  using namespace ck::io;
  ChunkWriter w(32, 10);
  w.write_identifier(mesh_chunk::kFlags);
  w.write_dword(0x20A);
  w.write_identifier(mesh_chunk::kMaterials);
  w.write_dword(2);
  w.write_object(0);
  w.write_dword(0);
  w.write_object(1);
  w.write_dword(0);
  w.write_identifier(mesh_chunk::kVertices);
  const uint32_t n = 4;
  w.write_dword(n);
  w.write_dword(save);
  uint32_t size = 1 + ((save & 0x10) ? 0 : 3 * n) + ((save & 1) ? 1 : n) + ((save & 2) ? 1 : n) +
                  ((save & 4) ? 0 : 3 * n) + ((save & 8) ? 2 : 2 * n);
  w.write_dword(size);
  if (!(save & 0x10))
    for (uint32_t i = 0; i < n; ++i) w.write_vector({float(i & 1), 0.0f, float(i >> 1)});
  for (uint32_t i = 0; i < ((save & 1) ? 1 : n); ++i) w.write_dword(0xFFFFFFFFu);
  for (uint32_t i = 0; i < ((save & 2) ? 1 : n); ++i) w.write_dword(0xFF000000u);
  if (!(save & 4))
    for (uint32_t i = 0; i < n; ++i) w.write_vector({0.0f, 1.0f, 0.0f});
  for (uint32_t i = 0; i < ((save & 8) ? 1 : n); ++i) {
    w.write_float(float(i & 1));
    w.write_float(float(i >> 1));
  }
  w.write_identifier(mesh_chunk::kFaces);
  w.write_dword(2);
  w.write_dword(0 | 1u << 16);
  w.write_dword(2 | 0u << 16);
  w.write_dword(1 | 3u << 16);
  w.write_dword(2 | 1u << 16);
  w.write_identifier(mesh_chunk::kLines);
  w.write_dword(1);
  w.write_buffer(std::vector<uint8_t>{0, 0, 3, 0});
  w.write_identifier(mesh_chunk::kChannels);
  w.write_dword(1);
  w.write_object(1);
  w.write_dword(0);
  w.write_dword(5);
  w.write_dword(6);
  w.write_dword(n);
  for (uint32_t i = 0; i < n; ++i) {
    w.write_float(0.5f);
    w.write_float(float(i));
  }
  return std::move(w).finish();
}

inline ck::io::StateChunk material_chunk() {
  using namespace ck::io;
  ChunkWriter w(30, 10);
  w.write_identifier(material_chunk::kData);
  for (uint32_t c : {0xFFB0B0B0u, 0xFF404040u, 0xFFFFFFFFu, 0xFF000000u}) w.write_dword(c);
  w.write_float(20.0f);
  w.write_object(2);
  w.write_dword(0);
  w.write_dword(0x13126224u);
  w.write_dword(0x80050403u);
  w.write_identifier(material_chunk::kTextures);
  for (int i = 0; i < 3; ++i) w.write_object(kNoObject);
  w.write_identifier(material_chunk::kEffectParameter);
  w.write_object(kNoObject);
  w.write_dword(0);
  return std::move(w).finish();
}

// kind 0: a file name only (the Ballance layout); 1: raw planes; 2: an embedded PNG with alpha.
inline ck::io::StateChunk texture_chunk(int kind) {
  using namespace ck::io;
  ChunkWriter w(31, 10);
  if (kind == 2) {
    io::Image img;
    img.width = 2;
    img.height = 2;
    img.rgba = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255};
    std::vector<uint8_t> png = io::encode_png(img);
    w.write_identifier(texture_chunk::kImageFiles);
    w.write_dword(1);
    w.write_dword(2);
    w.write_dword(2);
    w.write_dword(32);
    w.write_dword(2);
    w.write_raw_bytes(std::vector<uint8_t>{'p', 'n', 'g', 0});
    w.write_dword(0);
    w.write_dword(0);
    w.write_dword(static_cast<uint32_t>(png.size()));
    w.write_raw_bytes(png);
    w.write_dword(2);
    w.write_buffer(std::vector<uint8_t>{10, 20, 30, 40});
  } else {
    w.write_identifier(texture_chunk::kRawPixels);
    w.write_dword(1);
    if (kind == 1) {
      w.write_dword(32);
      w.write_dword(2);
      w.write_dword(2);
      for (uint32_t m : {0xFF000000u, 0xFF0000u, 0xFF00u, 0xFFu}) w.write_dword(m);
      w.write_dword(0);
      for (int p = 0; p < 4; ++p) w.write_buffer(std::vector<uint8_t>{uint8_t(p), 1, 2, 3});
    } else {
      w.write_dword(0);
    }
  }
  w.write_identifier(texture_chunk::kFileNames);
  w.write_dword(1);
  w.write_string("Texture.bmp");
  w.write_identifier(texture_chunk::kOptions);
  w.write_dword(0x201);
  w.write_dword(0);
  w.write_dword(6);
  return std::move(w).finish();
}

}  // namespace retroanim::fuzz

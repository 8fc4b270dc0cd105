// tinygltf's implementation for the WebAssembly build (Debian ships it as a
// host shared library only; README.Debian: one file defining
// TINYGLTF_IMPLEMENTATION). Without its stb_image and stb_image_write: the
// exporter only writes, and gives its images as PNG bytes in buffer views
// (Builder::add_png_image, encoded by the library), which tinygltf's writer
// copies without calling an image writer.
// (TINYGLTF_NO_STB_IMAGE, TINYGLTF_NO_STB_IMAGE_WRITE and
// TINYGLTF_NO_EXTERNAL_IMAGE come from the target: CMakeLists.txt.)
#define TINYGLTF_IMPLEMENTATION
#include <tiny_gltf.h>

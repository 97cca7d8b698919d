// The picture mpe2 1.1.1's SimpleEnv.render() returns in rgb_array mode
// (`_mpe_utils/simple_env.py` draw()): a 700 x 700 white frame, each entity
// (agents, then landmarks) a pygame.draw.circle of its colour * 200 with a
// one-pixel black ring, placed and sized by a camera that zooms to the
// entity farthest from the centre. Drawn only when render() asks.
// Not drawn: the agents' messages ("alice_0 sends C"), which mpe2 writes
// with FreeType from a font file it ships; a frame differs from mpe2's only
// inside those text boxes (docs/multi-agent.md).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "../../common/raster.h"
#include "world.h"

namespace rlpool::mpe {

// np.max(np.abs(positions)) over every entity: the camera's range.
inline double CamRange(const World& w) {
  double range = 0.0;
  for (const Entity& e : w.entities) range = std::max({range, std::fabs(e.pos[0]), std::fabs(e.pos[1])});
  return range;
}

class MpeRender {
 public:
  static constexpr int kSize = 700;

  static std::array<int, 2> Shape(int width, int height) {
    return raster::FixedRenderShape("MPE", kSize, kSize, width, height);
  }

  // `cam_range0` is the camera's range when the episode began (mpe2's
  // original_cam_range); with `dynamic_rescaling` the circles grow as the
  // camera zooms in.
  void Draw(const World& w, double cam_range0, bool dynamic_rescaling, uint8_t* rgb) {
    using raster::Pt;
    using raster::Rgb;
    canvas_.BeginFrame();
    canvas_.Flip();  // mpe2 flips y itself: coordinates from here on are the frame's
    const Pt background[4] = {{0, 0}, {kSize - 1, 0}, {kSize - 1, kSize - 1}, {0, kSize - 1}};
    canvas_.FillPolygonDraw(background, 4, Rgb{255, 255, 255});
    const double cam_range = CamRange(w);
    const double scaling = 0.9 * cam_range0 / cam_range;
    // mpe2's `(x / cam_range) * width // 2 * 0.9 + width // 2`: numpy's floor
    // division of a float, which for a divisor of 2 is exactly floor(v / 2).
    auto screen = [&](double v) { return std::floor(v / cam_range * kSize / 2.0) * 0.9 + kSize / 2; };
    for (const Entity& e : w.entities) {
      const Pt centre{screen(e.pos[0]), screen(e.pos[1] * -1)};
      const double radius = dynamic_rescaling ? e.size * 350 * scaling : e.size * 350;
      // pygame truncates each float channel of entity.color * 200.
      const Rgb fill{static_cast<uint8_t>(static_cast<int>(e.color[0] * 200)),
                     static_cast<uint8_t>(static_cast<int>(e.color[1] * 200)),
                     static_cast<uint8_t>(static_cast<int>(e.color[2] * 200))};
      canvas_.FillCircleDraw(centre, radius, fill);
      canvas_.OutlineCircleDraw(centre, radius, Rgb{0, 0, 0});
    }
    canvas_.Render(kSize, kSize, rgb);
  }

 private:
  raster::Canvas canvas_{kSize, kSize};
};

}  // namespace rlpool::mpe

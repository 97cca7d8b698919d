// CarRacing's track: gymnasium's _create_track. Twelve noisy checkpoints on
// a circle, a path steered through them lap after lap, one lap cut out of it,
// then a road tile (a Box2D sensor) per segment and red-white kerbs on sharp
// turns. Draws from numpy's stream exactly as gymnasium does.
#pragma once

#include <Box2D/Box2D.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "../../common/random/np_random.h"
#include "../../common/raster.h"

namespace rlpool::box2d {

// gymnasium's car_racing.py constants (world units unless said).
namespace car_racing {
constexpr double kScale = 6.0, kTrackRad = 900 / kScale, kPlayfield = 2000 / kScale;
constexpr double kTrackDetailStep = 21 / kScale, kTrackTurnRate = 0.31;
constexpr double kTrackWidth = 40 / kScale, kBorder = 8 / kScale, kGrassDim = kPlayfield / 20.0;
constexpr int kBorderMinCount = 4, kCheckpoints = 12;
// A road tile body's user data: kTileTag + its index.
constexpr uintptr_t kTileTag = 1u << 20;
}  // namespace car_racing

class Track {
 public:
  // One drawn quad: a tile (its colour reset on first contact) or a kerb.
  struct RoadPoly {
    std::array<raster::Pt, 4> v;
    double color[3];
    int tile;  // tile index whose colour contact resets, or -1 for a kerb
  };

  // One attempt; false when the path did not close into a lap (gymnasium
  // then tries again with the stream where it is).
  bool Create(NpRandom& rng, b2World* world, const double road_color[3]);
  // Destroys the tile bodies, in creation order.
  void Destroy(b2World* world) {
    for (b2Body* t : tiles_) world->DestroyBody(t);
    tiles_.clear();
  }

  bool empty() const { return tiles_.empty(); }
  size_t size() const { return points_.size(); }
  // (alpha, beta, x, y) of tile i: its angle around the centre, the road's
  // heading and its centre point.
  const std::array<double, 4>& point(size_t i) const { return points_[i]; }
  const std::vector<RoadPoly>& polys() const { return polys_; }

 private:
  static b2Vec2 V(double x, double y) { return b2Vec2(static_cast<float32>(x), static_cast<float32>(y)); }
  static int Wrap(int i, int n) { return ((i % n) + n) % n; }

  std::vector<std::array<double, 4>> points_;
  std::vector<RoadPoly> polys_;
  std::vector<b2Body*> tiles_;
};

inline bool Track::Create(NpRandom& rng, b2World* world, const double road_color[3]) {
  using namespace car_racing;
  using raster::Pt;
  double cp[kCheckpoints][3];
  double start_alpha = 0;
  for (int c = 0; c < kCheckpoints; ++c) {
    double noise = rng.Uniform(0, 2 * M_PI * 1 / kCheckpoints);
    double alpha = 2 * M_PI * c / kCheckpoints + noise;
    double rad = rng.Uniform(kTrackRad / 3, kTrackRad);
    if (c == 0) {
      alpha = 0;
      rad = 1.5 * kTrackRad;
    }
    if (c == kCheckpoints - 1) {
      alpha = 2 * M_PI * c / kCheckpoints;
      start_alpha = 2 * M_PI * (-0.5) / kCheckpoints;
      rad = 1.5 * kTrackRad;
    }
    cp[c][0] = alpha;
    cp[c][1] = rad * std::cos(alpha);
    cp[c][2] = rad * std::sin(alpha);
  }
  tiles_.clear();
  double x = 1.5 * kTrackRad, y = 0, beta = 0;
  int dest_i = 0, laps = 0, no_freeze = 2500;
  bool visited_other_side = false;
  std::vector<std::array<double, 4>> track;
  while (true) {
    double alpha = std::atan2(y, x);
    if (visited_other_side && alpha > 0) {
      ++laps;
      visited_other_side = false;
    }
    if (alpha < 0) {
      visited_other_side = true;
      alpha += 2 * M_PI;
    }
    double dest_x = 0, dest_y = 0;
    while (true) {
      bool failed = true;
      while (true) {
        const double* d = cp[dest_i % kCheckpoints];
        dest_x = d[1];
        dest_y = d[2];
        if (alpha <= d[0]) {
          failed = false;
          break;
        }
        ++dest_i;
        if (dest_i % kCheckpoints == 0) break;
      }
      if (!failed) break;
      alpha -= 2 * M_PI;
    }
    double r1x = std::cos(beta), r1y = std::sin(beta);
    double p1x = -r1y, p1y = r1x;
    double dest_dx = dest_x - x, dest_dy = dest_y - y;
    double proj = r1x * dest_dx + r1y * dest_dy;
    while (beta - alpha > 1.5 * M_PI) beta -= 2 * M_PI;
    while (beta - alpha < -1.5 * M_PI) beta += 2 * M_PI;
    double prev_beta = beta;
    proj *= kScale;
    if (proj > 0.3) beta -= std::min(kTrackTurnRate, std::abs(0.001 * proj));
    if (proj < -0.3) beta += std::min(kTrackTurnRate, std::abs(0.001 * proj));
    x += p1x * kTrackDetailStep;
    y += p1y * kTrackDetailStep;
    track.push_back({alpha, prev_beta * 0.5 + beta * 0.5, x, y});
    if (laps > 4) break;
    if (--no_freeze == 0) break;
  }
  int i1 = -1, i2 = -1;
  int i = static_cast<int>(track.size());
  while (true) {
    --i;
    if (i == 0) return false;
    bool pass = track[i][0] > start_alpha && track[i - 1][0] <= start_alpha;
    if (pass && i2 == -1) {
      i2 = i;
    } else if (pass && i1 == -1) {
      i1 = i;
      break;
    }
  }
  // Python's track[i1 : i2 - 1].
  std::vector<std::array<double, 4>> t(track.begin() + i1, track.begin() + std::max(i1, i2 - 1));
  if (t.empty()) return false;
  const int n = static_cast<int>(t.size());
  double fpx = std::cos(t[0][1]), fpy = std::sin(t[0][1]);
  double ax = fpx * (t[0][2] - t[n - 1][2]), ay = fpy * (t[0][3] - t[n - 1][3]);
  if (std::sqrt(ax * ax + ay * ay) > kTrackDetailStep) return false;

  std::vector<char> border(n, 0);
  for (int k = 0; k < n; ++k) {
    bool good = true;
    double oneside = 0;
    for (int neg = 0; neg < kBorderMinCount; ++neg) {
      double b1 = t[Wrap(k - neg, n)][1], b2 = t[Wrap(k - neg - 1, n)][1];
      good &= std::abs(b1 - b2) > kTrackTurnRate * 0.2;
      oneside += b1 > b2 ? 1.0 : (b1 < b2 ? -1.0 : 0.0);
    }
    good &= std::abs(oneside) == kBorderMinCount;
    border[k] = good;
  }
  for (int k = 0; k < n; ++k)
    for (int neg = 0; neg < kBorderMinCount; ++neg) border[Wrap(k - neg, n)] |= border[k];

  polys_.clear();
  for (int k = 0; k < n; ++k) {
    const auto& a = t[k];
    const auto& b = t[Wrap(k - 1, n)];
    const double beta1 = a[1], x1 = a[2], y1 = a[3], beta2 = b[1], x2 = b[2], y2 = b[3];
    Pt r1l{x1 - kTrackWidth * std::cos(beta1), y1 - kTrackWidth * std::sin(beta1)};
    Pt r1r{x1 + kTrackWidth * std::cos(beta1), y1 + kTrackWidth * std::sin(beta1)};
    Pt r2l{x2 - kTrackWidth * std::cos(beta2), y2 - kTrackWidth * std::sin(beta2)};
    Pt r2r{x2 + kTrackWidth * std::cos(beta2), y2 + kTrackWidth * std::sin(beta2)};
    b2Vec2 verts[4] = {V(r1l.x, r1l.y), V(r1r.x, r1r.y), V(r2r.x, r2r.y), V(r2l.x, r2l.y)};
    b2PolygonShape shape;
    shape.Set(verts, 4);
    b2FixtureDef fd;
    fd.shape = &shape;
    b2BodyDef bd;
    b2Body* body = world->CreateBody(&bd);
    b2Fixture* fixture = body->CreateFixture(&fd);
    body->SetUserData(reinterpret_cast<void*>(kTileTag + k));
    fixture->SetSensor(true);
    tiles_.push_back(body);
    RoadPoly tile{{r1l, r1r, r2r, r2l}, {}, k};
    const double c = 0.01 * (k % 3) * 255;
    for (int ch = 0; ch < 3; ++ch) tile.color[ch] = road_color[ch] + c;
    polys_.push_back(tile);
    if (border[k]) {
      const double side = beta2 > beta1 ? 1.0 : (beta2 < beta1 ? -1.0 : 0.0);
      const double wb = kTrackWidth + kBorder;
      Pt b1l{x1 + side * kTrackWidth * std::cos(beta1), y1 + side * kTrackWidth * std::sin(beta1)};
      Pt b1r{x1 + side * wb * std::cos(beta1), y1 + side * wb * std::sin(beta1)};
      Pt b2l{x2 + side * kTrackWidth * std::cos(beta2), y2 + side * kTrackWidth * std::sin(beta2)};
      Pt b2r{x2 + side * wb * std::cos(beta2), y2 + side * wb * std::sin(beta2)};
      RoadPoly kerb{{b1l, b1r, b2r, b2l}, {255, 255, 255}, -1};
      if (k % 2 != 0) kerb.color[1] = kerb.color[2] = 0;
      polys_.push_back(kerb);
    }
  }
  points_ = std::move(t);
  return true;
}

}  // namespace rlpool::box2d

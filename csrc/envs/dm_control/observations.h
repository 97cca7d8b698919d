// envpool's observation options for the suite's tasks:
//   frame_stack = k  each observation field becomes (k, *shape), oldest
//                    frame first, newest last; a reset fills all k frames
//                    with the first observation;
//   from_pixels      the observation is one field "obs:pixels", uint8
//                    (3k, render_height, render_width), channel-first: the
//                    frame dm_control's pixels wrapper returns (physics.render
//                    of that size and render_camera_id) as C x H x W, k frames
//                    stacked along the channels. The task's fields are gone,
//                    as with the wrapper's pixels_only=True; info stays.
// With neither (k = 1, no pixels) the task writes straight into the pool's
// row and nothing here runs.
#pragma once

#include <mujoco/mujoco.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/config.h"
#include "../../core/env.h"
#include "../../core/spec.h"

namespace rlpool::dm_control {

struct ObservationOptions {
  int64_t frames = 1;
  bool pixels = false;
  int width = 0, height = 0, camera = -1;

  // Read and checked against the task's model (its cameras and offscreen buffer).
  static ObservationOptions Read(const Config& c, const mjModel* m) {
    ObservationOptions o;
    o.frames = c.Get<int64_t>("frame_stack");
    if (o.frames < 1) throw std::invalid_argument("frame_stack must be >= 1, got " + std::to_string(o.frames));
    o.pixels = c.Get<bool>("from_pixels");
    if (!o.pixels) return o;
    const int64_t w = c.Get<int64_t>("render_width"), h = c.Get<int64_t>("render_height");
    const int64_t cam = c.Get<int64_t>("render_camera_id");
    if (w <= 0 || h <= 0 || w > m->vis.global.offwidth || h > m->vis.global.offheight)
      throw std::invalid_argument("from_pixels needs 0 < render_width <= " + std::to_string(m->vis.global.offwidth) +
                                  " and 0 < render_height <= " + std::to_string(m->vis.global.offheight) +
                                  " (the model's offscreen buffer), got " + std::to_string(w) + " x " +
                                  std::to_string(h));
    if (cam < -1 || cam >= m->ncam)
      throw std::invalid_argument("render_camera_id must be -1 (the free camera) or one of the model's cameras 0.." +
                                  std::to_string(m->ncam - 1) + ", got " + std::to_string(cam));
    o.width = static_cast<int>(w);
    o.height = static_cast<int>(h);
    o.camera = static_cast<int>(cam);
    return o;
  }

  bool Plain() const { return frames == 1 && !pixels; }
};

// The task's spec with its observation fields stacked or replaced.
inline EnvSpec ObservationSpec(const EnvSpec& task, const ObservationOptions& o) {
  if (o.Plain()) return task;
  EnvSpec s;
  s.action = task.action;
  s.num_players = task.num_players;
  if (o.pixels) {
    s.obs.push_back(Field<uint8_t>("obs:pixels", {3 * o.frames, o.height, o.width}, {0.0}, {255.0}));
  } else {
    for (FieldSpec f : task.obs) {
      f.shape.insert(f.shape.begin(), o.frames);
      for (std::vector<double>* bound : {&f.low, &f.high}) {
        if (bound->size() <= 1) continue;  // one value for every element
        std::vector<double> one = *bound;
        bound->clear();
        for (int64_t i = 0; i < o.frames; ++i) bound->insert(bound->end(), one.begin(), one.end());
      }
      s.obs.push_back(std::move(f));
    }
  }
  s.info = task.info;
  return s;
}

// One env's frame history. The pool gives every step a fresh row, so the
// env keeps the last stack and writes it whole each step.
class ObservationStack {
 public:
  ObservationStack(const EnvSpec& task, const ObservationOptions& o) : o_(o), task_obs_(task.obs.size()) {
    if (o.Plain()) return;
    if (o.pixels) {
      frame_bytes_.push_back(static_cast<size_t>(3) * o.width * o.height);
      hwc_.resize(frame_bytes_[0]);
      chw_.resize(frame_bytes_[0]);
    } else {
      for (const FieldSpec& f : task.obs) frame_bytes_.push_back(f.Bytes());
    }
    // The task's fields go to scratch frames (unread with pixels, whose
    // task observations the wrapper drops too).
    for (const FieldSpec& f : task.obs) scratch_.emplace_back(f.Bytes());
    for (size_t b : frame_bytes_) history_.emplace_back(b * static_cast<size_t>(o.frames));
    fields_.resize(task.obs.size() + task.info.size());
  }

  bool Plain() const { return o_.Plain(); }
  const ObservationOptions& options() const { return o_; }

  // The row the task writes into: its observation fields in the scratch
  // frames, the info fields where the pool's row has them.
  Row Target(const Row& out) {
    if (o_.Plain()) return out;
    const size_t out_obs = frame_bytes_.size();
    for (size_t i = 0; i < task_obs_; ++i) fields_[i] = scratch_[i].data();
    for (size_t j = task_obs_; j < fields_.size(); ++j) fields_[j] = out.fields[out_obs + j - task_obs_];
    return Row{fields_.data()};
  }

  // Shifts this step's frames into the stacks and writes them to `out`;
  // `draw(hwc)` renders the pixel frame (height x width x 3).
  template <class Draw>
  void Commit(const Row& out, bool reset, Draw&& draw) {
    if (o_.Plain()) return;
    if (o_.pixels) {
      draw(hwc_.data());
      Push(0, ToChannelsFirst(), reset);
    } else {
      for (size_t i = 0; i < frame_bytes_.size(); ++i) Push(i, scratch_[i].data(), reset);
    }
    for (size_t i = 0; i < history_.size(); ++i) std::memcpy(out.fields[i], history_[i].data(), history_[i].size());
  }

 private:
  // C x H x W of the rendered H x W x C frame, into the newest slot's place.
  const uint8_t* ToChannelsFirst() {
    const size_t plane = static_cast<size_t>(o_.width) * o_.height;
    for (size_t p = 0; p < plane; ++p)
      for (size_t c = 0; c < 3; ++c) chw_[c * plane + p] = hwc_[3 * p + c];
    return chw_.data();
  }

  void Push(size_t i, const void* frame, bool reset) {
    uint8_t* stack = history_[i].data();
    const size_t b = frame_bytes_[i], k = static_cast<size_t>(o_.frames);
    if (reset) {
      for (size_t f = 0; f < k; ++f) std::memcpy(stack + f * b, frame, b);
    } else {
      std::memmove(stack, stack + b, (k - 1) * b);
      std::memcpy(stack + (k - 1) * b, frame, b);
    }
  }

  ObservationOptions o_;
  size_t task_obs_;
  std::vector<size_t> frame_bytes_;             // one frame of each output field
  std::vector<std::vector<uint8_t>> scratch_;   // one frame of each task field
  std::vector<std::vector<uint8_t>> history_;   // k frames of each output field
  std::vector<uint8_t> hwc_, chw_;              // the rendered frame, and channel-first
  std::vector<void*> fields_;
};

}  // namespace rlpool::dm_control
